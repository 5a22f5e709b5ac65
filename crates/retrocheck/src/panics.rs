//! Runs the code under test with its panics caught and kept quiet: an index or overflow
//! panic is the commonest solver bug, so it is a crash to report and shrink like any
//! other failure, not a test that dies, nor a panic message printed once per candidate.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    /// How many [`catch`] calls this thread is inside: its panics are then caught.
    static CATCHING: Cell<u32> = const { Cell::new(0) };
    /// The last caught panic's message and location, as the hook saw it.
    static LAST: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once per process, a panic hook that records a panic raised inside
/// [`catch`] instead of printing it, and hands every other panic to the hook that was
/// there before (the default one prints it as usual).
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) == 0 {
                return previous(info);
            }
            let at = info
                .location()
                .map(|l| format!(" at {}:{}:{}", l.file(), l.line(), l.column()))
                .unwrap_or_default();
            let message = format!("panicked{at}: {}", payload_text(info.payload()));
            LAST.with(|last| *last.borrow_mut() = Some(message));
        }));
    });
}

/// The message a panic was raised with.
fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".into()
    }
}

/// Runs `f`, returning its result, or, if it panics, the panic's message and location
/// ("panicked at src/lib.rs:12:5: index out of bounds: …"), without printing anything.
/// A panic on another thread that `f` started is printed by that thread as usual.
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    // A message left by a panic the code caught itself is not this one's.
    LAST.with(|last| last.borrow_mut().take());
    CATCHING.with(|c| c.set(c.get() + 1));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get() - 1));
    result.map_err(|payload| {
        LAST.with(|last| last.borrow_mut().take())
            .unwrap_or_else(|| format!("panicked: {}", payload_text(payload.as_ref())))
    })
}
