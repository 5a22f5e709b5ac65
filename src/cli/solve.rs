//! `retrocheck solve`: a `.game` file or a contest input, solved and printed.

use super::input::{read_contest, read_game};
use super::{Exit, Status};
use retrocheck::problems::{InputError, Problem};
use retrocheck::solve::retrograde;
use std::path::Path;
use std::sync::Mutex;

pub fn game(file: &Path, solver: &str, threads: usize) -> Status {
    let subject = super::solver(solver)?;
    let game = read_game(file)?;
    let solution = if solver == "retrograde" {
        retrograde::solve_with_threads(&game, threads)
    } else {
        subject
            .solve(&game)
            .map_err(|e| Exit::Found(anyhow::anyhow!("{solver}: {e}")))?
    };
    out!("{}", solution.to_text(&game));
    Ok(())
}

pub fn problem(problem: Problem, file: &Path, threads: usize) -> Status {
    let threads = retrograde::thread_count(threads);
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| problem_on_pool(problem, file)),
        Err(_) => problem_on_pool(problem, file),
    }
}

fn problem_on_pool(problem: Problem, file: &Path) -> Status {
    let bytes = read_contest(problem, file)?;
    let bad = |e: String| Exit::bad(format!("{}: {e}", file.display()));
    let cases = problem.cases(&bytes).map_err(|e| bad(e.to_string()))?;
    // Cases are independent: each is solved on the thread pool while the next is
    // parsed. Answers are printed in order once all are in; a malformed input prints
    // nothing but the error.
    let answers = Mutex::new(Vec::new());
    let parsed = rayon::scope(|scope| {
        for (index, case) in cases.enumerate() {
            let instance = case?;
            let answers = &answers;
            scope.spawn(move |_| {
                let line = instance
                    .answer_line(index + 1)
                    .map_err(|e| format!("test case {}: {e}", index + 1));
                answers.lock().expect("no solver panics").push((index, line));
            });
        }
        Ok::<(), InputError>(())
    });
    parsed.map_err(|e| bad(e.to_string()))?;
    let mut answers = answers.into_inner().expect("no solver panics");
    answers.sort_unstable_by_key(|(index, _)| *index);
    let mut text = String::new();
    for (_, line) in answers {
        text += &line.map_err(bad)?;
        text.push('\n');
    }
    out!("{text}");
    Ok(())
}
