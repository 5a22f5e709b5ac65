//! Tells the library whether it is compiled without optimisation (`opt-level = 0`, a
//! dev-dependency's default), so that its entry points can say once why a user's
//! `cargo test` runs many times slower than it should, and what to set.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(retrocheck_unoptimized)");
    println!("cargo::rerun-if-env-changed=OPT_LEVEL");
    if std::env::var("OPT_LEVEL").as_deref() == Ok("0") {
        println!("cargo::rustc-cfg=retrocheck_unoptimized");
    }
}
