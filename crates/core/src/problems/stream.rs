//! Reading a contest input from a stream (a pipe, a terminal, a device) checked as it
//! arrives, so that a malformed or endless input fails at its bad line without being
//! read whole.

use super::{InputError, Problem};
use crate::limits::memory_ceiling;
use crate::text::quote;
use std::io::Read;

/// Past this many bytes, an unfinished token is checked as it arrives: every token a
/// problem reads (numbers with any count of leading zeros, words) is letters and
/// digits, so a longer run that holds another byte (`/dev/zero`) is refused when it is
/// seen, while a long number or word is read on, as it is from a file.
pub(crate) const MAX_TOKEN_BYTES: usize = 4096;

/// Bytes read at a time.
const CHUNK: usize = 64 << 10;

impl Problem {
    /// Reads a whole contest input from `input`, parsing what has arrived each time it
    /// has doubled: a malformed test case is reported when its line has been read, a
    /// token longer than `MAX_TOKEN_BYTES` when that many bytes of it have, and an
    /// input larger than a quarter of the memory ceiling (the parsed cases and product
    /// games need the rest) when that is reached. The parsing costs at most twice a
    /// parse of the whole input. `size`, when the input is a file of known length, is
    /// checked first and the checks while reading are skipped.
    pub fn read_input(self, input: impl Read, size: Option<u64>) -> Result<Vec<u8>, InputError> {
        self.read_input_at_most(input, size, most_input_bytes())
    }

    /// [`Problem::read_input`], refusing an input of more than `most` bytes (which
    /// `read_input` sets to a quarter of the memory ceiling): a test can reach the
    /// limit without gigabytes of input.
    pub fn read_input_at_most(
        self,
        mut input: impl Read,
        size: Option<u64>,
        most: u64,
    ) -> Result<Vec<u8>, InputError> {
        let mut bytes = Vec::new();
        if let Some(size) = size {
            if size > most {
                return Err(too_large(1, most));
            }
            bytes.reserve(size as usize);
        }
        let mut next_check = CHUNK;
        loop {
            let start = bytes.len();
            bytes.resize(start + CHUNK, 0);
            let read = loop {
                match input.read(&mut bytes[start..]) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => {
                        bytes.truncate(start);
                        return Err(InputError {
                            line: line_at(&bytes, start),
                            case: None,
                            message: format!("cannot read the input: {e}"),
                        });
                    }
                }
            };
            bytes.truncate(start + read);
            if read == 0 {
                return Ok(bytes);
            }
            if bytes.len() as u64 > most {
                // The line of the first byte past the limit.
                return Err(too_large(line_at(&bytes, most as usize), most));
            }
            if size.is_none() && bytes.len() >= next_check {
                self.check_prefix(&bytes)?;
                next_check = bytes.len() * 2;
            }
        }
    }

    /// Fails if the complete tokens of `prefix` already hold an error that more input
    /// cannot mend, or if it ends in a long unfinished token that no problem reads.
    fn check_prefix(self, prefix: &[u8]) -> Result<(), InputError> {
        let complete = prefix
            .iter()
            .rposition(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
            .map_or(0, |i| i + 1);
        let cut = complete;
        self.check_cases(&prefix[..cut])?;
        let token = &prefix[cut..];
        if token.len() > MAX_TOKEN_BYTES && !token.iter().all(u8::is_ascii_alphanumeric) {
            return Err(InputError {
                line: line_at(prefix, cut),
                case: None,
                message: format!(
                    "a token of more than {MAX_TOKEN_BYTES} bytes that is not letters and digits, which no token of this problem is: {}",
                    quote(token)
                ),
            });
        }
        Ok(())
    }

    /// Fails if `complete`, whole tokens of an input's beginning, holds an error that
    /// more input cannot mend.
    fn check_cases(self, complete: &[u8]) -> Result<(), InputError> {
        let mut cases = match self.cases(complete) {
            Ok(cases) => cases,
            // Only white space so far: T has not arrived yet.
            Err(_) if complete.iter().all(u8::is_ascii_whitespace) => return Ok(()),
            Err(e) => return Err(e),
        };
        while let Some(case) = cases.next() {
            // An error after the input ran out may only mean that it was cut short.
            if let Err(e) = case {
                return if cases.ran_out() { Ok(()) } else { Err(e) };
            }
        }
        Ok(())
    }
}

/// The largest input read: a quarter of the memory ceiling (the parsed cases and
/// product games need the rest).
fn most_input_bytes() -> u64 {
    memory_ceiling() / 4
}

/// The error for an input found larger than `most` bytes at `line`.
fn too_large(line: usize, most: u64) -> InputError {
    let of = if most == most_input_bytes() {
        ", a quarter of the memory this machine allows"
    } else {
        ""
    };
    InputError {
        line,
        case: None,
        message: format!("the input is larger than {} MiB{of}", most >> 20),
    }
}

/// Refuses, at line 1, an input of `size` bytes that [`Problem::read_input`] would
/// refuse: for a caller that maps a file rather than reading it.
pub fn check_input_size(size: u64) -> Result<(), InputError> {
    let most = most_input_bytes();
    if size > most {
        return Err(too_large(1, most));
    }
    Ok(())
}

/// The 1-based line of byte `offset`.
fn line_at(bytes: &[u8], offset: usize) -> usize {
    1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// Regression: `yes | retrocheck solve pursuit` and `/dev/zero` used to be read
    /// whole (unbounded memory). They fail at line 1 after reading one chunk.
    #[test]
    fn endless_contest_input_fails_at_its_first_line() {
        let e = Problem::Pursuit
            .read_input(
                BufReader::new(std::io::repeat(b'y').take(1).chain(std::io::repeat(b'\n'))),
                None,
            )
            .unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("found 'y'"), "{e}");
        let e = Problem::Minigame
            .read_input(std::io::repeat(0), None)
            .unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("a token of more than 4096 bytes"), "{e}");
        assert!(e.to_string().len() < 400, "{e}");
        // Valid cases then garbage, endlessly: the garbage's line is named.
        let head = b"3\n2 1\n1 2\n1 2\n".as_slice();
        let e = Problem::Pursuit
            .read_input(head.chain(std::io::repeat(b'x')), None)
            .unwrap_err();
        assert_eq!(e.line, 5, "{e}");
    }

    #[test]
    fn a_whole_input_cut_anywhere_is_read_back_unchanged() {
        let input = b"2\n3 2\n1 2\n2 3\n1 3\n2 1\n1 2\n1 2\n".to_vec();
        let read = Problem::Pursuit.read_input(input.as_slice(), None).unwrap();
        assert_eq!(read, input);
        // A long valid input crosses many checks, each cutting it mid-token.
        let mut long = b"1\n100000 200000\n".to_vec();
        for i in 0..200_000u32 {
            long.extend(format!("{} {}\n", i % 100_000 + 1, (i * 7) % 100_000 + 1).as_bytes());
        }
        long.extend(b"1 2\n");
        let read = Problem::Pursuit.read_input(long.as_slice(), None).unwrap();
        assert_eq!(read.len(), long.len());
        // Known sizes are checked against the ceiling before anything is read.
        let e = Problem::Pursuit
            .read_input(std::io::empty(), Some(u64::MAX))
            .unwrap_err();
        assert!(e.message.contains("larger than"), "{e}");
    }
}
