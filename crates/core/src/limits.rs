//! The memory a run may plan to use on this machine, so that sizes are refused before
//! anything is allocated, never by an allocation abort.

use std::sync::OnceLock;

/// Used where the machine's memory cannot be read (no `/proc/meminfo`).
const FALLBACK: u64 = 8 << 30;

/// Three quarters of the machine's physical memory (`MemTotal` in /proc/meminfo), or
/// 8 GiB where that cannot be read. Three quarters leaves room for the operating
/// system and the rest of the process; a fixed figure would refuse work a large
/// machine can do and accept work a small one cannot. Read once per process.
pub fn memory_ceiling() -> u64 {
    static CEILING: OnceLock<u64> = OnceLock::new();
    *CEILING.get_or_init(|| {
        std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|info| ceiling_from_meminfo(&info))
            .unwrap_or(FALLBACK)
    })
}

/// Three quarters of `MemTotal`, from the text of /proc/meminfo.
fn ceiling_from_meminfo(info: &str) -> Option<u64> {
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024) / 4 * 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_is_three_quarters_of_memtotal() {
        let info = "MemFree:  1 kB\nMemTotal:       24684092 kB\n";
        assert_eq!(ceiling_from_meminfo(info), Some(24684092 * 1024 / 4 * 3));
        assert_eq!(ceiling_from_meminfo("nothing here"), None);
        let ceiling = memory_ceiling();
        assert!(ceiling >= 1 << 20, "{ceiling}");
    }
}
