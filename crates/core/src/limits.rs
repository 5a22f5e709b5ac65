//! The memory a run may plan to use on this machine, so that sizes are refused before
//! anything is allocated, never by an allocation abort.

use std::sync::OnceLock;

/// The ceiling where the machine's memory cannot be read (no `/proc/meminfo`, no
/// cgroup limit).
const FALLBACK: u64 = 8 << 30;

/// Three quarters of the memory this process may use: the machine's physical memory
/// (`MemTotal` in /proc/meminfo), or the container's limit where a cgroup sets a
/// smaller one (a Kubernetes pod sees the whole node in /proc/meminfo), or the address
/// space an RLIMIT_AS (`ulimit -v`) leaves, where smaller still: past it every
/// allocation fails, and work accepted would abort; 8 GiB where none can be read.
/// Three quarters leaves room for the operating system and the rest of the process; a
/// fixed figure would refuse work a large machine can do and accept work a small one
/// cannot. Read once per process.
pub fn memory_ceiling() -> u64 {
    ceiling().0
}

/// The ceiling as a refusal says it: "the 225 MiB this machine allows (three quarters
/// of its memory)", naming the bound that set it, so that a user under `ulimit -v`
/// or in a container knows which limit to raise.
pub fn ceiling_text() -> String {
    let (bytes, bound) = ceiling();
    let (whose, what) = match bound {
        Bound::Machine => ("this machine", "of its memory"),
        Bound::Container => ("this machine", "of the container's memory limit"),
        Bound::AddressSpace => ("this process", "of the address space that `ulimit -v` leaves it"),
    };
    format!("the {} MiB {whose} allows (three quarters {what})", bytes >> 20)
}

/// What set the ceiling.
#[derive(Clone, Copy)]
enum Bound {
    /// `MemTotal`, or the 8 GiB fallback.
    Machine,
    /// A cgroup memory limit below `MemTotal`.
    Container,
    /// RLIMIT_AS, below both.
    AddressSpace,
}

/// The ceiling and its bound, read once per process.
fn ceiling() -> (u64, Bound) {
    static CEILING: OnceLock<(u64, Bound)> = OnceLock::new();
    *CEILING.get_or_init(|| {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        let meminfo = read("/proc/meminfo");
        let cgroups = [
            read("/sys/fs/cgroup/memory.max"),
            read("/sys/fs/cgroup/memory/memory.limit_in_bytes"),
        ];
        let cgroups = [cgroups[0].as_deref(), cgroups[1].as_deref()];
        let ceiling = ceiling_from(meminfo.as_deref(), &cgroups);
        let bound = if ceiling < ceiling_from(meminfo.as_deref(), &[]) {
            Bound::Container
        } else {
            Bound::Machine
        };
        match address_space_left() {
            Some(left) if left / 4 * 3 < ceiling => (left / 4 * 3, Bound::AddressSpace),
            _ => (ceiling, bound),
        }
    })
}

/// The address space RLIMIT_AS leaves this process (the limit less what it has
/// mapped, `VmSize`), or `None` without a limit.
pub(crate) fn address_space_left() -> Option<u64> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limits into `limit`.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0 || limit.rlim_cur == libc::RLIM_INFINITY {
        return None;
    }
    let mapped = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmSize:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib * 1024)
        })
        .unwrap_or(0);
    Some(limit.rlim_cur.saturating_sub(mapped))
}

/// [`memory_ceiling`] from the texts it reads: /proc/meminfo and the cgroup limit
/// files (v2, v1), each `None` where it cannot be read. Apart from the reading, so
/// that every case can be checked on any machine.
pub fn ceiling_from(meminfo: Option<&str>, cgroup_limits: &[Option<&str>]) -> u64 {
    let total = meminfo.and_then(mem_total);
    let limit = cgroup_limits
        .iter()
        .filter_map(|text| cgroup_limit((*text)?))
        .min();
    let usable = match (total, limit) {
        (Some(total), Some(limit)) => total.min(limit),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => return FALLBACK,
    };
    usable / 4 * 3
}

/// `MemTotal` in bytes, from the text of /proc/meminfo.
fn mem_total(info: &str) -> Option<u64> {
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// A cgroup memory limit in bytes; `max` (v2) or a huge number (v1) means none.
fn cgroup_limit(text: &str) -> Option<u64> {
    text.trim().parse::<u64>().ok().filter(|&bytes| bytes < 1 << 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_is_three_quarters_of_memtotal_or_the_cgroup_limit() {
        let info = "MemFree:  1 kB\nMemTotal:       24684092 kB\n";
        assert_eq!(mem_total(info), Some(24684092 * 1024));
        assert_eq!(mem_total("nothing here"), None);
        assert_eq!(cgroup_limit("4294967296\n"), Some(4 << 30));
        assert_eq!(cgroup_limit("max\n"), None);
        assert_eq!(cgroup_limit("9223372036854771712\n"), None);
        let ceiling = memory_ceiling();
        assert!(ceiling >= 1 << 20, "{ceiling}");
        if let Some(total) = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|i| mem_total(&i))
        {
            assert!(
                ceiling <= total / 4 * 3,
                "{ceiling} above three quarters of {total}"
            );
        }
    }
}
