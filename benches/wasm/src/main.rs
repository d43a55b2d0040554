//! The native side of the comparison: the same searches as `run.cjs` has
//! the WebAssembly build make, on this machine's CPU.

fn main() {
    for i in 0..wasm_bench::cases() {
        println!("{}", wasm_bench::run_case(i));
    }
}
