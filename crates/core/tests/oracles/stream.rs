//! The stream reader: it tells an input cut short from a wrong one, and checks an input
//! as it arrives.

use retrocheck_core::problems::scan::Scanner;
use retrocheck_core::problems::Problem;

/// A stream reader must tell an input cut short (more may still arrive) from one
/// that is wrong already: the cases and the scanner know whether they asked for a
/// token past the end.
#[test]
fn cases_know_whether_the_input_ran_out() {
    let mut s = Scanner::new(b"7 ");
    assert!(!s.ran_out());
    assert_eq!(s.number("a", 0, 9).unwrap(), (7, 1));
    assert!(!s.ran_out());
    assert!(s.number("b", 0, 9).is_err());
    assert!(s.ran_out());
    let mut s = Scanner::new(b"1 2\n");
    assert_eq!(s.edge("e", 1, 1, 2).unwrap(), (0, 1));
    assert!(!s.ran_out());

    // Cut inside a test case: the error may only mean that more is to come.
    let mut cases = Problem::Pursuit.cases(b"1\n3 2\n1 2\n").unwrap();
    assert!(!cases.ran_out());
    assert!(cases.next().unwrap().is_err());
    assert!(cases.ran_out());
    // A wrong token before the end is an error whatever follows.
    let mut cases = Problem::Pursuit.cases(b"1\n3 2\n1 x\n2 3\n1 3\n").unwrap();
    assert!(cases.next().unwrap().is_err());
    assert!(!cases.ran_out());
    let mut cases = Problem::Catmouse.cases(b"1\n3\n0\n1 2\n1 1\n").unwrap();
    assert!(cases.next().unwrap().is_ok());
    assert!(!cases.ran_out());
    // Checking that nothing follows the last case asks for one token more.
    assert!(cases.next().is_none());
    assert!(cases.ran_out());

    // Read from a stream, a valid input crosses many checks that each cut it
    // mid-case, and comes back whole; a wrong token is refused at its line without
    // the rest being read.
    let mut long = b"1\n100000 200000\n".to_vec();
    for i in 0..200_000u32 {
        long.extend(format!("{} {}\n", i % 100_000 + 1, (i * 7) % 100_000 + 1).as_bytes());
    }
    long.extend(b"1 2\n");
    assert_eq!(Problem::Pursuit.read_input(long.as_slice(), None).unwrap(), long);
    let mut bad = long.clone();
    bad[16] = b'x';
    // 64 MiB of white space after it (finite, so that a mutant which stops checking
    // reads it all and returns instead of filling the machine).
    let blanks = std::io::Read::take(std::io::repeat(b' '), 64 << 20);
    let mut stream = std::io::Read::chain(bad.as_slice(), blanks);
    let e = Problem::Pursuit.read_input(&mut stream, None).unwrap_err();
    // Refused after the first check or two, not at the end.
    assert!(stream.into_inner().1.limit() > 60 << 20);
    assert_eq!((e.line, e.case), (3, Some(1)), "{e}");
}

/// A reader of `data` that fails every other call with `Interrupted` (a signal), and
/// then, if `fail` is set, with a real error once `data` is spent.
struct Flaky<'a> {
    data: &'a [u8],
    calls: usize,
    fail: bool,
}

impl std::io::Read for Flaky<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.calls += 1;
        if self.calls % 2 == 1 {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        if self.data.is_empty() && self.fail {
            return Err(std::io::Error::other("the disk is on fire"));
        }
        let n = buf.len().min(self.data.len()).min(1000);
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// An input from a stream is checked as it arrives. Interrupted reads are retried and a
/// failed one names the line reached; an input over the size limit fails at the line
/// where it crosses it; a token longer than 4,096 bytes that is not letters and digits
/// fails when that much of it has arrived (4,096 is still read), while a long number is
/// read as from a file (issue 24); a bad test case fails at its line without waiting for
/// the rest; leading white space is not an error. A known size (a file) is checked
/// first, and the checks while reading are skipped.
#[test]
fn the_stream_reader_checks_as_it_reads() {
    use retrocheck_core::problems::check_input_size;
    use std::io::Read;
    let valid = b"2\n3 2\n1 2\n2 3\n1 3\n2 1\n1 2\n1 2\n";
    let read = |data: &[u8], fail| Problem::Pursuit.read_input(Flaky { data, calls: 0, fail }, None);
    assert_eq!(read(valid, false).unwrap(), valid);
    let e = read(valid, true).unwrap_err();
    assert_eq!(e.line, 9, "{e}");
    assert!(
        e.message.contains("cannot read the input: the disk is on fire"),
        "{e}"
    );
    // The size limit, here 1 MiB of blank lines: exactly that much is read.
    let most = 1u64 << 20;
    let blank_lines = |n: u64| std::io::repeat(b'\n').take(n);
    let at_most = |input: &mut dyn Read, size| Problem::Pursuit.read_input_at_most(input, size, most);
    assert_eq!(
        at_most(&mut blank_lines(most), None).unwrap().len(),
        most as usize
    );
    let e = at_most(&mut blank_lines(most + 1), None).unwrap_err();
    assert_eq!(e.line as u64, most + 1, "{e}");
    assert_eq!(e.message, "the input is larger than 1 MiB");
    assert_eq!(at_most(&mut blank_lines(10), Some(most)).unwrap().len(), 10);
    let e = at_most(&mut blank_lines(10), Some(most + 1)).unwrap_err();
    assert_eq!(
        (e.line, e.message.as_str()),
        (1, "the input is larger than 1 MiB")
    );
    // read_input's limit is a quarter of the memory ceiling, as check_input_size's.
    let quarter = retrocheck_core::limits::memory_ceiling() / 4;
    assert!(check_input_size(quarter).is_ok());
    let e = check_input_size(quarter + 1).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(
        e.message.contains("a quarter of the memory this machine allows"),
        "{e}"
    );
    let e = Problem::Pursuit
        .read_input(std::io::empty(), Some(quarter + 1))
        .unwrap_err();
    assert!(e.message.contains("a quarter of the memory"), "{e}");
    // Tokens: 4,097 bytes of one no problem reads at the first check (64 KiB) fail
    // there, on its line; 4,096 are read. A file's tokens are the parser's to judge.
    let token_at_check = |length: usize, byte: u8| {
        let mut input = vec![b'\n'; (64 << 10) - length];
        input.extend(std::iter::repeat_n(byte, length));
        input.extend(b"\n");
        input
    };
    let long = token_at_check(4_097, b'.');
    let e = at_most(&mut long.as_slice(), None).unwrap_err();
    assert_eq!(e.line, (64 << 10) - 4_097 + 1, "{e}");
    assert!(e.message.contains("a token of more than 4096 bytes"), "{e}");
    assert_eq!(
        at_most(&mut long.as_slice(), Some(long.len() as u64)).unwrap(),
        long
    );
    let fits = token_at_check(4_096, b'.');
    assert_eq!(at_most(&mut fits.as_slice(), None).unwrap(), fits);
    // A long number is read from a stream as from a file.
    let number = token_at_check(4_097, b'0');
    assert_eq!(at_most(&mut number.as_slice(), None).unwrap(), number);
    // The first byte the only white space: the token after it is on line 2, and
    // an endless one stops at the size limit.
    let e = at_most(&mut b"\n".chain(std::io::repeat(b'7')), None).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert_eq!(e.message, "the input is larger than 1 MiB");
    let e = at_most(&mut b"\n".chain(std::io::repeat(b'.')), None).unwrap_err();
    assert_eq!(e.line, 2, "{e}");
    assert!(e.message.contains("a token of more than 4096 bytes"), "{e}");
    let e = at_most(&mut std::io::repeat(0), None).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    // A bad test case fails at the first check, not at the size limit.
    let head = b"3\n2 1\n1 2\n1 2\n".as_slice();
    let e = at_most(&mut head.chain(std::io::repeat(b'x')), None).unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    let e = at_most(&mut b"x\n".chain(blank_lines(most)), None).unwrap_err();
    assert_eq!(e.line, 1, "{e}");
    assert!(e.message.contains("found 'x'"), "{e}");
    // 100 KiB of white space before a valid input: T has not arrived yet.
    let mut late = vec![b' '; 100 << 10];
    late.extend(valid);
    assert_eq!(at_most(&mut late.as_slice(), None).unwrap(), late);
}
