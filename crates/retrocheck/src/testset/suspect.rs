//! A wrong solution a test set must kill — a solver of the kill table run in process,
//! or a program the setter gives — and its verdict on one test.

use crate::stress::{self, judge, Input, Settings, Target, Trouble, Verdict};
use crate::subject::Subject;

/// A wrong solution (or one suspected to be): what a test set is measured against.
pub enum Suspect {
    /// A deliberately wrong solver of retrocheck's kill table, answering in process.
    Builtin {
        /// Its name in the kill table.
        name: String,
        /// The bug, and the kind of input that shows it.
        bug: String,
        /// The solver.
        subject: Box<dyn Subject>,
    },
    /// A program run under the judge's limits (any language), as `stress` runs it.
    Program {
        /// The program, with the seed and rules of the set (its inputs are the set's).
        settings: Settings,
    },
}

impl Suspect {
    /// Its name in tables: the kill table's, or the command.
    pub fn name(&self) -> &str {
        match self {
            Suspect::Builtin { name, .. } => name,
            Suspect::Program { settings } => &settings.program.command,
        }
    }

    /// What is wrong with it, as far as retrocheck knows.
    pub fn bug(&self) -> &str {
        match self {
            Suspect::Builtin { bug, .. } => bug,
            Suspect::Program { .. } => "a program given with --against",
        }
    }

    /// Whether it is a program (whose runs take time and may exceed the time limit).
    pub fn is_program(&self) -> bool {
        matches!(self, Suspect::Program { .. })
    }

    /// Its verdict on `input`, whose expected output is `expected` (retrocheck's proven
    /// answer): a built-in is judged on its answer alone (a crash is a runtime error);
    /// a program as `stress` judges it, a time limit confirmed by a second run.
    pub fn verdict<T: Target>(&self, input: &Input<T>, expected: &str) -> Result<Verdict, Trouble> {
        match self {
            Suspect::Builtin { subject, .. } => {
                let mut out = String::new();
                for (k, case) in input.cases.iter().enumerate() {
                    match case.answer_by(k + 1, subject.as_ref()) {
                        Ok(answer) => out += &answer,
                        Err(e) => {
                            return Ok(Verdict::RuntimeError {
                                status: format!("the solver failed: {e}"),
                                stderr_tail: String::new(),
                            })
                        }
                    }
                }
                Ok(judge::compare(out.as_bytes(), expected.as_bytes(), false))
            }
            Suspect::Program { settings } => {
                stress::test_confirmed(settings, input, None).map(|(tested, _)| tested.verdict)
            }
        }
    }
}
