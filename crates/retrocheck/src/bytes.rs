//! Fuzzer bytes as the `diff` input reads them — one at a time, 0 once they run out —
//! and the contest graphs of that format, shared by the problems that decode one.

/// The largest contest graph (pursuit: up to 72 product positions, minigame 36).
pub(crate) const MAX_VERTICES: u8 = 6;
/// The most edges of a contest graph.
pub(crate) const MAX_EDGES: u8 = 24;

/// Fuzzer bytes, read one at a time, 0 once they run out.
pub struct Bytes<'a>(std::slice::Iter<'a, u8>);

impl<'a> Bytes<'a> {
    /// The bytes of `data`.
    pub(crate) fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes(data.iter())
    }

    /// The next byte, or 0 once they ran out.
    pub(crate) fn byte(&mut self) -> u8 {
        self.0.next().copied().unwrap_or(0)
    }

    /// A contest graph: `n` (1 to [`MAX_VERTICES`]), `m` (up to [`MAX_EDGES`]), then
    /// `m` pairs of vertices (each taken modulo `n`); `None` outside the caps.
    pub(crate) fn graph(&mut self) -> Option<(u32, Vec<(u32, u32)>)> {
        let (n, m) = (self.byte(), self.byte());
        if n == 0 || n > MAX_VERTICES || m > MAX_EDGES {
            return None;
        }
        let edges = (0..m)
            .map(|_| (u32::from(self.byte() % n), u32::from(self.byte() % n)))
            .collect();
        Some((u32::from(n), edges))
    }
}

/// Appends a contest graph as [`Bytes::graph`] reads it, or `None` outside the caps.
pub(crate) fn encode_graph(out: &mut Vec<u8>, n: u32, edges: &[(u32, u32)]) -> Option<()> {
    let n = u8::try_from(n).ok().filter(|n| (1..=MAX_VERTICES).contains(n))?;
    let m = u8::try_from(edges.len()).ok().filter(|&m| m <= MAX_EDGES)?;
    out.extend([n, m]);
    out.extend(edges.iter().flat_map(|&(a, b)| [a as u8, b as u8]));
    Some(())
}
