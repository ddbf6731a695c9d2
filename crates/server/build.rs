//! The PostgreSQL schema is built into the binary (`sqlx::migrate!`): a new migration builds it again.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
