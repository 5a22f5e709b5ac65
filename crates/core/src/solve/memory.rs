//! Memory layout helpers the solvers share: vectors on huge pages or with their pages
//! mapped in ahead, and prefetching for loops whose loads are random.

/// A hint to the CPU that `slice[index]` will soon be read; does nothing off x86_64 or
/// when `index` is out of range. Public for the solve bench, whose floors prefetch as
/// the solver does.
#[inline(always)]
pub fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = slice.get(index) {
        // SAFETY: a prefetch only hints the cache; the address is a valid reference.
        unsafe {
            std::arch::x86_64::_mm_prefetch(item as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0)
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, index);
}

/// A vector of `len` copies of `value`, backed by transparent huge pages where the
/// kernel offers them on request: the solver's arrays are accessed at random, and with
/// 4 KiB pages most accesses to a large game also miss the TLB.
pub(crate) fn big_vec<T: Copy>(len: usize, value: T) -> Vec<T> {
    let mut v = big_capacity(len);
    v.resize(len, value);
    v
}

/// An empty vector with room for `len` items on huge pages, as [`big_vec`] (or, when
/// smaller, with its pages mapped in ahead: [`POPULATE_MIN_BYTES`]): for arrays
/// whose every item is written exactly once (through its spare capacity, possibly by
/// several threads), which saves a serial pass that would only write zeros.
pub(crate) fn big_capacity<T>(len: usize) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(len);
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = len * std::mem::size_of::<T>();
        let start = v.as_mut_ptr() as usize;
        if bytes >= 4 * HUGE {
            advise(start, bytes, HUGE, libc::MADV_HUGEPAGE);
        } else if bytes >= POPULATE_MIN_BYTES {
            advise(start, bytes, 4 << 10, libc::MADV_POPULATE_WRITE);
        }
    }
    v
}

/// Gives the kernel `advice` on the whole `unit`-aligned units among the `bytes` from
/// `start`, a vector's allocation.
#[cfg(target_os = "linux")]
fn advise(start: usize, bytes: usize, unit: usize, advice: libc::c_int) {
    let aligned = (start + unit - 1) & !(unit - 1);
    let end = (start + bytes) & !(unit - 1);
    if end > aligned {
        // SAFETY: advice on pages of our own, not yet touched allocation: huge pages, or
        // mapping the pages in, change no contents. The kernel may ignore either (one
        // older than Linux 5.14 refuses MADV_POPULATE_WRITE, and the pages then fault
        // in one by one as they are written, as without the advice).
        unsafe {
            libc::madvise(aligned as *mut libc::c_void, end - aligned, advice);
        }
    }
}

/// From this many bytes (and below the huge pages' threshold) a new vector's pages are
/// mapped in by one call rather than by one page fault each as they are first written:
/// a solution of 10^5 positions (1.6 MB of values and moves, new at every solve) took
/// 0.2 ms less in a solve of about 6 (3–6% of the best time of 300 solves at 10^5
/// and 3·10^5 positions, alternated in one process). Smaller vectors, the harness's,
/// are left alone.
const POPULATE_MIN_BYTES: usize = 256 << 10;

/// `v` with `len` items, its memory reused when it has room: zeros if `zeroed`, else
/// whatever it held (for arrays whose every item is written before it is read).
pub(crate) fn reuse(v: &mut Vec<u32>, len: usize, zeroed: bool) {
    if v.capacity() < len {
        *v = big_vec(len, 0);
        return;
    }
    if zeroed {
        v.clear();
    }
    v.truncate(len);
    v.resize(len, 0);
}
