;; The Hamming-distance scan behind HammingScanner (hamming-scan.ts). `npm run build:wasm` compiles it with wabt into
;; hamming-scan.wasm.ts, which is committed; hamming-scan.wasm.spec.ts fails when that file is older than this one.
(module
  ;; The scanner's memory: codes back to back from byte 0, then the query code, then the distances.
  (import "env" "memory" (memory 1))

  ;; scan(codes, n, query, words, out): for each of the `n` codes of `words` 64-bit words stored back to back from
  ;; byte `codes`, writes popcount(code XOR query) as a u16 to byte `out + 2 i`.
  (func (export "scan") (param $codes i32) (param $n i32) (param $query i32) (param $words i32) (param $out i32)
    (local $i i32) (local $w i32) (local $qp i32) (local $d i64)
    (if (i32.eqz (local.get $n)) (then (return)))
    (local.set $i (i32.const 0))
    (loop $each_code
      (local.set $d (i64.const 0))
      (local.set $w (i32.const 0))
      (local.set $qp (local.get $query))
      (loop $each_word
        ;; d += popcnt(*codes ^ *qp); codes and qp step to the next word
        (local.set $d
          (i64.add (local.get $d) (i64.popcnt (i64.xor (i64.load (local.get $codes)) (i64.load (local.get $qp))))))
        (local.set $codes (i32.add (local.get $codes) (i32.const 8)))
        (local.set $qp (i32.add (local.get $qp) (i32.const 8)))
        (br_if $each_word (i32.lt_u (local.tee $w (i32.add (local.get $w) (i32.const 1))) (local.get $words))))
      ;; out[i] = d
      (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1))) (i32.wrap_i64 (local.get $d)))
      (br_if $each_code (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $n))))))
