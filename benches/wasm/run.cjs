// Runs the WebAssembly build's cases in Node.js (the module wasm-bindgen
// wrote for it, in the folder given as the first argument).
const bench = require(require('path').resolve(process.argv[2], 'wasm_bench.js'));
for (let i = 0; i < bench.cases(); i++) {
  console.log(bench.run_case(i));
}
