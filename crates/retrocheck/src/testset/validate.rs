//! The validator of a test set: every input parses, every test case meets the
//! official limits, and a contest input is in the canonical form a strict validator
//! (testlib's) asks for — single spaces, no trailing white space, a final newline.

use crate::stress::Target;

/// The test cases of `text` if it is a valid input of the target, or why not, naming
/// the line or the test case.
pub fn validate<T: Target>(text: &[u8]) -> Result<Vec<T>, String> {
    let cases = T::parse_input(text)?;
    for (k, case) in cases.iter().enumerate() {
        if !case.is_official() {
            return Err(format!(
                "test case {} ({}) is outside the official limits of {}",
                k + 1,
                case.size_text(),
                T::NAME
            ));
        }
    }
    if T::CONTEST {
        let canonical = T::input(&cases);
        if canonical.as_bytes() != text {
            return Err(first_difference(text, canonical.as_bytes()));
        }
    }
    Ok(cases)
}

/// Where `text` first departs from its canonical form, as a message.
fn first_difference(text: &[u8], canonical: &[u8]) -> String {
    let got: Vec<&[u8]> = text.split_inclusive(|&b| b == b'\n').collect();
    let want: Vec<&[u8]> = canonical.split_inclusive(|&b| b == b'\n').collect();
    for (i, want_line) in want.iter().enumerate() {
        match got.get(i) {
            Some(got_line) if got_line == want_line => continue,
            Some(got_line) => {
                return format!(
                    "line {}: {} where the canonical form has {} (single spaces, no trailing white space, a final newline)",
                    i + 1,
                    crate::stress::quote::quote(got_line),
                    crate::stress::quote::quote(want_line)
                )
            }
            None => return format!("line {}: the input ends early (no final newline?)", i + 1),
        }
    }
    format!("line {}: more lines than the test cases hold", want.len() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::catmouse::Instance as Catmouse;

    #[test]
    fn a_sample_is_valid_and_a_double_space_or_a_big_board_is_not() {
        let sample = <Catmouse as Target>::samples()[0];
        assert_eq!(validate::<Catmouse>(sample.as_bytes()).map(|c| c.len()), Ok(2));
        let spaced = sample.replacen("2 2 5", "2  2 5", 1);
        let e = validate::<Catmouse>(spaced.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let unterminated = sample.trim_end();
        assert!(validate::<Catmouse>(unterminated.as_bytes()).is_err());
        // 51 nodes in a ring: beyond the official 50.
        let mut big = String::from("1\n51\n");
        for i in 0..51 {
            big += &format!("2 {} {}\n", (i + 50) % 51, (i + 1) % 51);
        }
        let e = validate::<Catmouse>(big.as_bytes()).unwrap_err();
        assert!(e.contains("outside the official limits"), "{e}");
    }
}
