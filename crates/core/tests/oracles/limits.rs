//! The memory limits: the ceiling follows meminfo and cgroups, and instances too large
//! for it are refused before anything is allocated.

use retrocheck_core::game::{MAX_MOVES, MAX_POSITIONS};
use retrocheck_core::problems::{
    fits_implicitly, fits_in_memory, memory_limit, minigame, pursuit, ContestProblem, Instance,
};
use retrocheck_core::{problems, Side};

/// Caps this test process's address space, so that a mutant which stops refusing a
/// huge instance fails on its first large allocation instead of filling the machine.
///
/// The ceiling is read once per process, and under the cap it would be the cap's (three
/// quarters of 6 GiB) wherever the machine has more: it is read first, so that these
/// tests see the machine's whichever runs first, alone (`cargo test limits`) or
/// among the others.
fn cap_address_space() {
    retrocheck_core::limits::memory_ceiling();
    let cap: libc::rlim_t = 6 << 30;
    let limit = libc::rlimit {
        rlim_cur: cap,
        rlim_max: cap,
    };
    // SAFETY: setrlimit only reads the struct passed by reference.
    let rc = unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) };
    assert_eq!(rc, 0, "setrlimit");
}

#[test]
fn memory_limits_refuse_before_allocating() {
    cap_address_space();
    // The limit follows the machine: three quarters of its memory.
    let limit = memory_limit();
    assert_eq!(limit, retrocheck_core::limits::memory_ceiling());
    let mib = limit >> 20;
    // 34 bytes a position, 8 a move.
    let positions = limit / 34;
    assert_eq!(fits_in_memory("x", positions, 0), Ok(()));
    assert_eq!(
        fits_in_memory("x", positions + 1, 0).unwrap_err().to_string(),
        format!(
            "x: the game would have {} positions and 0 moves, about {} MiB, more than the {mib} MiB this machine allows (three quarters of its memory)",
            positions + 1,
            ((positions + 1) * 34) >> 20
        )
    );
    assert_eq!(fits_in_memory("x", 0, limit / 8), Ok(()));
    assert_eq!(fits_in_memory("x", 1, limit / 8 - 5), Ok(()));
    assert!(fits_in_memory("x", 1, limit / 8 - 4).is_err());
    assert_eq!(
        fits_in_memory("y", MAX_POSITIONS + 1, 0).unwrap_err().to_string(),
        "y: the game is too large: 4294967295 positions is more than the 4294967294 a game can hold"
    );
    assert_eq!(
        fits_in_memory("y", 0, MAX_MOVES + 1).unwrap_err().to_string(),
        "y: the game is too large: 4294967295 moves is more than the 4294967294 a game can hold"
    );
    assert!(fits_in_memory("y", u64::MAX, u64::MAX).is_err());
    // 16 bytes a position.
    assert_eq!(fits_implicitly("z", limit / 16), Ok(()));
    assert_eq!(
        fits_implicitly("z", limit / 16 + 1).unwrap_err().to_string(),
        format!(
            "z: the game would have {} positions, about {} MiB to solve, more than the {mib} MiB this machine allows (three quarters of its memory)",
            limit / 16 + 1,
            ((limit / 16 + 1) * 16) >> 20
        )
    );
    assert_eq!(
        fits_implicitly("z", MAX_POSITIONS + 1).unwrap_err().to_string(),
        "z: the game is too large: 4294967295 positions is more than the 4294967294 a game can hold"
    );
    // Instances far too large are refused by both paths, with the problem named.
    let p = pursuit::Instance {
        n: 30_000,
        edges: vec![(0, 1), (1, 2), (2, 0)],
        bob: 0,
        alice: 1,
    };
    // 2n² positions, 2m(n−1) moves.
    assert_eq!(
        p.game().unwrap_err().to_string(),
        format!(
            "pursuit: the game would have 1800000000 positions and 179994 moves, about {} MiB, more than the {mib} MiB this machine allows (three quarters of its memory)",
            (1_800_000_000u64 * 34 + 179_994 * 8) >> 20
        )
    );
    assert!(p.implicit().is_err_and(|e| e
        .to_string()
        .starts_with("pursuit: the game would have 1800000000 positions")));
    let big = Instance::Pursuit(pursuit::Instance { n: 50_000, ..p });
    assert!(big
        .game()
        .unwrap_err()
        .to_string()
        .starts_with("pursuit: the game is too large"));
    assert!(big
        .implicit_outcomes()
        .unwrap_err()
        .to_string()
        .starts_with("pursuit: the game is too large"));
    assert!(big.answer_line(1).is_err());
    // Just too large for the implicit path on this machine (16 bytes a position).
    let n = (limit / 96 + 1) as u32;
    let m = minigame::Instance {
        n,
        arcs: vec![(0, 1), (1, 2), (2, 0)],
        order: [Side::A; 6],
        actors: [false; 6],
    };
    assert!(m.game().unwrap_err().to_string().starts_with(&format!(
        "minigame: the game would have {} positions and 18 moves",
        6 * u64::from(n)
    )));
    assert!(m.implicit().is_err_and(|e| e.to_string().starts_with(&format!(
        "minigame: the game would have {} positions,",
        6 * u64::from(n)
    ))));
    let m = Instance::Minigame(minigame::Instance { n: 1 << 30, ..m });
    assert!(m
        .game()
        .unwrap_err()
        .to_string()
        .starts_with("minigame: the game is too large"));
    assert!(m
        .implicit_outcomes()
        .unwrap_err()
        .to_string()
        .starts_with("minigame: the game is too large"));
    // Just inside the implicit limit, a pursuit instance is accepted (n = 16383: 2n² < 2^29).
    assert!(pursuit::Instance {
        n: 16_383,
        edges: vec![],
        bob: 0,
        alice: 1
    }
    .implicit()
    .is_ok());
}

/// Berzerk and catmouse instances too large for this machine are refused by both
/// paths before anything is allocated, with the sizes their statements give: berzerk
/// 2n positions and (n − 1)(k1 + k2) moves, catmouse 2n(n − 1) positions and at most
/// 2n moves per listed neighbour.
#[test]
fn berzerk_and_catmouse_refuse_what_does_not_fit() {
    cap_address_space();
    let limit = memory_limit();
    let mib = limit >> 20;
    let too_much = |positions: u64, moves: u64| {
        format!(
            "the game would have {positions} positions and {moves} moves, about {} MiB, more than the {mib} MiB this machine allows (three quarters of its memory)",
            (positions * 34 + moves * 8) >> 20
        )
    };
    // 34 bytes a position: just over the limit in positions alone.
    let n = (limit / 68 + 1) as u32;
    let b = problems::berzerk::Instance {
        n,
        rick: vec![1],
        morty: vec![1, 2],
    };
    let (positions, moves) = (2 * u64::from(n), 3 * u64::from(n - 1));
    assert_eq!(
        b.game().unwrap_err().to_string(),
        format!("berzerk: {}", too_much(positions, moves))
    );
    // Moves push a game of few positions over the limit.
    let b = problems::berzerk::Instance {
        n: 1 << 16,
        rick: vec![1; (limit / 8 / 65_535 / 2 + 1) as usize],
        morty: vec![2; (limit / 8 / 65_535 / 2 + 1) as usize],
    };
    let moves = 65_535 * (b.rick.len() + b.morty.len()) as u64;
    assert_eq!(
        b.game().unwrap_err().to_string(),
        format!("berzerk: {}", too_much(1 << 17, moves))
    );
    assert!(b.implicit().is_ok());
    // 16 bytes a position to solve without the moves.
    let n = (limit / 32 + 1) as u32;
    let b = problems::berzerk::Instance {
        n,
        rick: vec![1],
        morty: vec![1],
    };
    assert!(b.implicit().is_err_and(|e| e.to_string().starts_with(&format!(
        "berzerk: the game would have {} positions, about",
        2 * u64::from(n)
    ))));
    assert!(Instance::Berzerk(b).answer_line(1).is_err());
    // Beyond the u32 index space.
    let b = problems::berzerk::Instance {
        n: u32::MAX,
        rick: vec![1],
        morty: vec![1],
    };
    let want =
        "berzerk: the game is too large: 8589934590 positions is more than the 4294967294 a game can hold";
    assert_eq!(b.game().unwrap_err().to_string(), want);
    assert_eq!(b.implicit().err().unwrap().to_string(), want);
    // A size that saturates is a lower bound, and says so: 2·n² positions of a pursuit
    // input that declares 4·10^9 vertices is beyond u64.
    let p = problems::pursuit::Instance {
        n: 4_000_000_002,
        edges: vec![(0, 1)],
        bob: 0,
        alice: 1,
    };
    let want = "pursuit: the game is too large: at least 18446744073709551615 positions is more than the 4294967294 a game can hold";
    assert_eq!(p.game().unwrap_err().to_string(), want);
    assert_eq!(p.implicit().err().unwrap().to_string(), want);

    let lists = |n: u32| -> Vec<Vec<u32>> {
        let mut lists = vec![Vec::new(); n as usize];
        lists[1] = vec![2, 3];
        lists[2] = vec![1];
        lists[3] = vec![1];
        lists
    };
    let n = ((limit / 68) as f64).sqrt() as u32 + 2;
    let c = problems::catmouse::Instance { lists: lists(n) };
    let positions = 2 * u64::from(n) * u64::from(n - 1);
    assert_eq!(
        c.game().unwrap_err().to_string(),
        format!("catmouse: {}", too_much(positions, 8 * u64::from(n)))
    );
    let n = ((limit / 32) as f64).sqrt() as u32 + 2;
    let c = Instance::Catmouse(problems::catmouse::Instance { lists: lists(n) });
    assert!(c
        .implicit_outcomes()
        .is_err_and(|e| e.to_string().starts_with(&format!(
            "catmouse: the game would have {} positions, about",
            2 * u64::from(n) * u64::from(n - 1)
        ))));
    assert!(c.answer_line(1).is_err());
    let c = problems::catmouse::Instance { lists: lists(50_000) };
    let want =
        "catmouse: the game is too large: 4999900000 positions is more than the 4294967294 a game can hold";
    assert_eq!(c.game().unwrap_err().to_string(), want);
    assert_eq!(c.implicit().err().unwrap().to_string(), want);
}

/// The memory ceiling is three quarters of the machine's memory, or of a container's
/// cgroup limit where smaller (v2 or v1; `max` and v1's huge "no limit" number are
/// none), and 8 GiB where neither can be read.
#[test]
fn the_memory_ceiling_follows_meminfo_and_cgroups() {
    use retrocheck_core::limits::{ceiling_from, memory_ceiling};
    let meminfo = "MemFree:  1 kB\nMemTotal:       24684092 kB\nSwapTotal: 0 kB\n";
    let total = 24_684_092u64 * 1024;
    assert_eq!(ceiling_from(Some(meminfo), &[]), total / 4 * 3);
    assert_eq!(ceiling_from(Some(meminfo), &[None, None]), total / 4 * 3);
    assert_eq!(ceiling_from(None, &[]), 8 << 30);
    assert_eq!(ceiling_from(Some("no total here\n"), &[Some("max\n")]), 8 << 30);
    assert_eq!(ceiling_from(Some("MemTotal: lots kB\n"), &[]), 8 << 30);
    // A smaller cgroup limit wins, the smaller of two; a larger one does not.
    assert_eq!(ceiling_from(Some(meminfo), &[Some("4294967296\n")]), 3 << 30);
    assert_eq!(
        ceiling_from(Some(meminfo), &[Some("8589934592\n"), Some("4294967296")]),
        3 << 30
    );
    assert_eq!(
        ceiling_from(Some(meminfo), &[Some("274877906944\n")]),
        total / 4 * 3
    );
    assert_eq!(ceiling_from(None, &[Some("4294967296\n")]), 3 << 30);
    // No limit: `max`, and anything from 2^60 up (v1 writes 2^63 rounded to a page).
    assert_eq!(ceiling_from(Some(meminfo), &[Some("max\n")]), total / 4 * 3);
    assert_eq!(ceiling_from(None, &[Some("9223372036854771712\n")]), 8 << 30);
    assert_eq!(ceiling_from(None, &[Some(&(1u64 << 60).to_string())]), 8 << 30);
    let below = (1u64 << 60) - 4;
    assert_eq!(ceiling_from(None, &[Some(&below.to_string())]), below / 4 * 3);
    // This machine's, read once.
    let ceiling = memory_ceiling();
    assert_eq!(ceiling, memory_ceiling());
    let read = |path: &str| std::fs::read_to_string(path).ok();
    assert_eq!(
        ceiling,
        ceiling_from(
            read("/proc/meminfo").as_deref(),
            &[
                read("/sys/fs/cgroup/memory.max").as_deref(),
                read("/sys/fs/cgroup/memory/memory.limit_in_bytes").as_deref(),
            ]
        )
    );
}
