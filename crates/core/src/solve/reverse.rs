//! The reverse adjacency (who moves to each position), built cache-friendly and
//! optionally in parallel.
//!
//! The textbook counting sort scatters every move to a random place of two arrays as
//! large as the game (the fill cursors and the sources), so on a game larger than the
//! cache each move costs two cache misses. The radix-partitioned build used here for
//! large games instead makes two passes whose random accesses stay inside the cache:
//!
//! 1. *partition*: walk the moves in order and append each source, with the low bits
//!    of its target, to the bucket of the target's high bits. Buckets are exactly the
//!    final blocks of the sources array for their range of targets, so this writes
//!    a few hundred sequential streams into the final array;
//! 2. *sort each bucket*: copy the bucket out, count its targets (a small table),
//!    and scatter the sources back into their final places within the bucket.
//!
//! Within a target's list sources stay in increasing order, exactly as the counting
//! sort leaves them, so the result is the same array either way. Both passes run in
//! parallel: the partition over ranges of sources (each writing its own reserved part
//! of every bucket), the sort over buckets.

use super::memory::{big_capacity, big_vec, prefetch, reuse};
use crate::game::Game;
use rayon::prelude::*;

/// log2 of the targets per bucket: 2^14 targets' counters (64 KiB) and the bucket's
/// sources (about 64 K moves on a game of 4 moves per position) stay in the per-core
/// cache while the bucket is sorted.
const BUCKET_BITS: u32 = 14;
/// Below this many positions the counting sort's arrays fit in the cache and the
/// extra pass of the partitioned build does not pay.
const RADIX_MIN_POSITIONS: usize = 1 << 17;
/// More buckets than this would make the partition pass write too many streams at
/// once; larger games (over 2^26 positions) use the counting sort.
const MAX_BUCKETS: usize = 1 << 12;

/// A raw pointer that may be shared between threads that write disjoint indices.
#[derive(Clone, Copy)]
pub(crate) struct Shared<T>(pub(crate) *mut T);
// SAFETY: only used to write disjoint index ranges from different threads, each
// range owned by exactly one task, while the owning vector outlives the tasks.
unsafe impl<T> Sync for Shared<T> {}
unsafe impl<T> Send for Shared<T> {}

impl<T> Shared<T> {
    /// # Safety
    /// `i` is in bounds and no other thread reads or writes index `i` concurrently.
    #[inline(always)]
    pub(crate) unsafe fn write(self, i: usize, value: T) {
        unsafe { self.0.add(i).write(value) }
    }

    /// # Safety
    /// `start..start + len` is in bounds and used by no other thread meanwhile.
    #[allow(clippy::mut_from_ref)]
    unsafe fn slice(&self, start: usize, len: usize) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.0.add(start), len) }
    }
}

/// The reverse of the CSR graph (`forward`, `targets`) on `n` vertices, on `threads`
/// threads of the current rayon pool (1: no rayon at all).
pub fn build(n: usize, forward: &[u32], targets: &[u32], threads: usize) -> Reverse {
    let buckets = n.div_ceil(1 << BUCKET_BITS);
    if n < RADIX_MIN_POSITIONS || buckets > MAX_BUCKETS {
        return counting_sort(n, forward, targets);
    }
    radix(n, forward, targets, buckets, threads.max(1))
}

/// Whether [`build_into`] hands a game of `n` positions to the partitioned build, which
/// uses the threads; a smaller game's counting sort runs on the calling thread.
pub(crate) fn in_parallel(n: usize) -> bool {
    n >= RADIX_MIN_POSITIONS
}

/// The textbook build: count, prefix sum, scatter.
pub fn counting_sort(n: usize, forward: &[u32], targets: &[u32]) -> Reverse {
    let mut reverse = Reverse::default();
    counting_sort_into(n, forward, targets, &mut reverse);
    reverse
}

/// [`build`] into `reverse`, reusing its vectors where they are large enough: games
/// that stay in the cache, where allocating and faulting in the index's memory costs a
/// good part of the build (games beyond it get new vectors).
pub(crate) fn build_into(n: usize, forward: &[u32], targets: &[u32], threads: usize, reverse: &mut Reverse) {
    if !in_parallel(n) {
        counting_sort_into(n, forward, targets, reverse);
    } else {
        *reverse = build(n, forward, targets, threads);
    }
}

/// [`counting_sort`] into `reverse`, reusing its vectors.
fn counting_sort_into(n: usize, forward: &[u32], targets: &[u32], reverse: &mut Reverse) {
    let Reverse { offsets, sources } = reverse;
    // Count into offsets[t + 2] so that after the prefix sum offsets[t + 1] is the
    // start of t's block and can serve as its fill cursor; filling then leaves
    // offsets[t + 1] at the end of t's block, which is the start of t + 1.
    reuse(offsets, n + 2, true);
    // Every slot is written by the scatter.
    reuse(sources, targets.len(), false);
    // As slices, whose pointers and lengths stay in registers: through the vectors
    // the loops reloaded them at every move, the stores being to memory that might be
    // the vectors' own.
    let (counts, slots) = (offsets.as_mut_slice(), sources.as_mut_slice());
    for &t in targets {
        counts[t as usize + 2] += 1;
    }
    for i in 2..n + 2 {
        counts[i] += counts[i - 1];
    }
    if n * std::mem::size_of::<u32>() > SCATTER_PREFETCH_BYTES {
        scatter::<true>(n, forward, targets, counts, slots);
    } else {
        scatter::<false>(n, forward, targets, counts, slots);
    }
    offsets.pop();
}

/// Above this many bytes of fill cursors the counting sort's scatter prefetches the
/// cursor of the move 16 ahead; below, the cursors sit in the L1 cache and the
/// prefetch is work for nothing (in a profile of the default campaign, whose games
/// have at most a few thousand positions, 16% of the sort's samples were on it).
const SCATTER_PREFETCH_BYTES: usize = 32 << 10;

/// The counting sort's last pass: each move's source into its target's next slot,
/// `counts[t + 1]` being target t's fill cursor.
#[inline(always)]
fn scatter<const PREFETCH: bool>(
    n: usize,
    forward: &[u32],
    targets: &[u32],
    counts: &mut [u32],
    slots: &mut [u32],
) {
    for p in 0..n {
        for e in forward[p] as usize..forward[p + 1] as usize {
            if PREFETCH {
                if let Some(&ahead) = targets.get(e + 16) {
                    prefetch(counts, ahead as usize + 1);
                }
            }
            let slot = &mut counts[targets[e] as usize + 1];
            slots[*slot as usize] = p as u32;
            *slot += 1;
        }
    }
}

/// Splits positions `0..n` into `parts` ranges with about as many moves each.
fn split_by_moves(n: usize, forward: &[u32], parts: usize) -> Vec<usize> {
    let m = forward[n] as u64;
    let mut bounds = vec![0];
    for k in 1..parts {
        let want = (m * k as u64 / parts as u64) as u32;
        let at = forward[..=n].partition_point(|&o| o < want).min(n);
        bounds.push(at.max(*bounds.last().unwrap()));
    }
    bounds.push(n);
    bounds
}

fn radix(n: usize, forward: &[u32], targets: &[u32], buckets: usize, threads: usize) -> Reverse {
    let m = targets.len();
    // Parts of the sources, one partition task each; more than the threads so that a
    // slow or busy thread does not hold up the pass.
    let parts = if threads == 1 { 1 } else { threads * 4 };
    let bounds = split_by_moves(n, forward, parts);
    let ranges: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();

    // Bucket sizes per part.
    let histogram = |&(lo, hi): &(usize, usize)| {
        let mut h = vec![0u32; buckets];
        for &t in &targets[forward[lo] as usize..forward[hi] as usize] {
            h[(t >> BUCKET_BITS) as usize] += 1;
        }
        h
    };
    let histograms: Vec<Vec<u32>> = if threads == 1 {
        ranges.iter().map(histogram).collect()
    } else {
        ranges.par_iter().map(histogram).collect()
    };
    // Bucket b starts at the number of moves into lower buckets; within it, part k's
    // moves follow those of parts before k, which keeps sources in increasing order.
    let mut bucket_start = vec![0u32; buckets + 1];
    let mut cursors = vec![vec![0u32; buckets]; ranges.len()];
    let mut at = 0u32;
    for b in 0..buckets {
        bucket_start[b] = at;
        for (k, h) in histograms.iter().enumerate() {
            cursors[k][b] = at;
            at += h[b];
        }
    }
    bucket_start[buckets] = at;
    drop(histograms);

    // Every slot of both is written once by the partition pass (the buckets' parts
    // cover 0..m exactly), in parallel: no serial zeroing first.
    let mut sources: Vec<u32> = big_capacity(m);
    let mut low: Vec<u16> = big_capacity(m);
    {
        let (src, lo_bits) = (Shared(sources.as_mut_ptr()), Shared(low.as_mut_ptr()));
        let partition = |(&(lo, hi), cursor): (&(usize, usize), &mut Vec<u32>)| {
            for p in lo..hi {
                for &t in &targets[forward[p] as usize..forward[p + 1] as usize] {
                    let slot = &mut cursor[(t >> BUCKET_BITS) as usize];
                    // SAFETY: part k owns slots cursors[k][b] .. cursors[k][b] + its
                    // count in bucket b, all below m, disjoint from every other part.
                    unsafe {
                        src.write(*slot as usize, p as u32);
                        lo_bits.write(*slot as usize, (t & ((1 << BUCKET_BITS) - 1)) as u16);
                    }
                    *slot += 1;
                }
            }
        };
        if threads == 1 {
            ranges.iter().zip(cursors.iter_mut()).for_each(partition);
        } else {
            ranges.par_iter().zip(cursors.par_iter_mut()).for_each(partition);
        }
    }
    // SAFETY: the partition pass wrote all m items of each (see above).
    unsafe {
        sources.set_len(m);
        low.set_len(m);
    }

    let mut offsets = big_vec(n + 1, 0u32);
    offsets[n] = m as u32;
    {
        let src = Shared(sources.as_mut_ptr());
        let low = &low;
        let bucket_start = &bucket_start;
        let sort = |scratch: &mut (Vec<u32>, Vec<u32>), (b, offsets): (usize, &mut [u32])| {
            let (start, end) = (bucket_start[b] as usize, bucket_start[b + 1] as usize);
            let (copy, count) = scratch;
            // SAFETY: bucket b's slots start..end belong to this task alone.
            let bucket = unsafe { src.slice(start, end - start) };
            copy.clear();
            copy.extend_from_slice(bucket);
            count.clear();
            count.resize(offsets.len() + 1, 0);
            let bits = &low[start..end];
            for &t in bits {
                count[t as usize + 1] += 1;
            }
            for i in 1..count.len() {
                count[i] += count[i - 1];
            }
            for (o, &c) in offsets.iter_mut().zip(count.iter()) {
                *o = start as u32 + c;
            }
            for (&t, &p) in bits.iter().zip(copy.iter()) {
                let slot = &mut count[t as usize];
                bucket[*slot as usize] = p;
                *slot += 1;
            }
        };
        let blocks = offsets[..n].chunks_mut(1 << BUCKET_BITS).enumerate();
        if threads == 1 {
            let mut scratch = (Vec::new(), Vec::new());
            blocks.for_each(|block| sort(&mut scratch, block));
        } else {
            offsets[..n]
                .par_chunks_mut(1 << BUCKET_BITS)
                .enumerate()
                .for_each_init(|| (Vec::new(), Vec::new()), sort);
        }
    }
    drop(low);
    Reverse { offsets, sources }
}

/// The reverse adjacency of a game: for each position, every position with a move to
/// it, once per such move (so repeated moves and self-loops appear as often as they
/// exist).
#[derive(Default)]
pub struct Reverse {
    /// One entry per position (or contest vertex) plus one: the predecessors of `p` are
    /// `sources[offsets[p]..offsets[p + 1]]`.
    pub offsets: Vec<u32>,
    /// The predecessors, grouped by the position they move to; no order within a group.
    pub sources: Vec<u32>,
}

impl Reverse {
    /// The reverse adjacency of `game`'s moves.
    pub fn of(game: &Game) -> Reverse {
        Reverse::from_csr(game.positions(), game.offsets(), game.targets())
    }

    /// The reverse of the CSR graph (`forward`, `targets`) on `n` vertices, built on
    /// the calling thread ([`build`]).
    pub fn from_csr(n: usize, forward: &[u32], targets: &[u32]) -> Reverse {
        build(n, forward, targets, 1)
    }

    /// The positions with a move to `p`, once per such move.
    pub fn of_position(&self, p: u32) -> &[u32] {
        &self.sources[self.offsets[p as usize] as usize..self.offsets[p as usize + 1] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The partitioned build must give exactly the counting sort's arrays (sources in
    /// increasing order per target), for any thread count; force it on a small graph
    /// with several buckets, repeated moves and empty buckets.
    #[test]
    fn radix_matches_counting_sort() {
        let n = 5 * (1 << BUCKET_BITS) + 17;
        let mut forward = vec![0u32];
        let mut targets = Vec::new();
        let mut x = 12345u64;
        for p in 0..n {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            for k in 0..(x >> 61) {
                // Leave the fourth bucket without moves.
                let t = ((x >> (20 + k)) as usize * 7 + p) % n;
                let t = if t >> BUCKET_BITS == 3 { p } else { t };
                targets.push(t as u32);
                if k == 2 {
                    targets.push(t as u32);
                }
            }
            forward.push(targets.len() as u32);
        }
        let want = counting_sort(n, &forward, &targets);
        for threads in 1..=3 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let got = pool.install(|| radix(n, &forward, &targets, n.div_ceil(1 << BUCKET_BITS), threads));
            assert_eq!(got.offsets, want.offsets, "{threads} threads");
            assert_eq!(got.sources, want.sources, "{threads} threads");
        }
    }
}
