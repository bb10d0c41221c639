;; The Hamming-distance scans behind HammingScanner (hamming-scan.ts). `npm run build:wasm` compiles it with wabt into
;; hamming-scan.wasm.ts, which is committed; hamming-scan.wasm.spec.ts fails when that file is older than this one.
(module
  ;; The scanner's memory: blocks of codes from byte 0 (each block holds its codes' prefixes back to back, then their
  ;; rests back to back), then the scratch of a search (query code, distances, histogram, candidate lists).
  (import "env" "memory" (memory 1))

  ;; Address of code i's part that starts `offset` bytes into its block, parts being `words` 64-bit words long.
  (func $part (param $i i32) (param $shift i32) (param $blockBytes i32) (param $offset i32) (param $words i32) (result i32)
    (i32.add
      (i32.add (i32.mul (i32.shr_u (local.get $i) (local.get $shift)) (local.get $blockBytes)) (local.get $offset))
      (i32.shl
        (i32.mul (i32.and (local.get $i) (i32.sub (i32.shl (i32.const 1) (local.get $shift)) (i32.const 1))) (local.get $words))
        (i32.const 3))))

  ;; popcount(part XOR query) over `words` 64-bit words.
  (func $distance (param $p i32) (param $q i32) (param $words i32) (result i32)
    (local $d i64) (local $end i32)
    (local.set $end (i32.add (local.get $p) (i32.shl (local.get $words) (i32.const 3))))
    (block $done
      (loop $each_word
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $d (i64.add (local.get $d) (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $q))))))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (local.set $q (i32.add (local.get $q) (i32.const 8)))
        (br $each_word)))
    (i32.wrap_i64 (local.get $d)))

  ;; scan(n, shift, blockBytes, offset, words, query, out, add, hist): for codes 0..n-1, the distance of their part at
  ;; `offset` (see $part) to the `words` words at `query`, written (add = 0) or added (add = 1) as u16 to out + 2 i,
  ;; and counted into u32 hist[d] unless hist is 0 (the histogram the selection needs, without a pass of its own).
  ;; Block by block, the parts being back to back within a block.
  (func (export "scan") (param $n i32) (param $shift i32) (param $blockBytes i32) (param $offset i32) (param $words i32)
    (param $query i32) (param $out i32) (param $add i32) (param $hist i32)
    (local $i i32) (local $blockEnd i32) (local $p i32) (local $q i32) (local $end i32) (local $d i64) (local $o i32)
    (local.set $p (local.get $offset))
    (block $done
      (loop $each_block
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $blockEnd (i32.add (local.get $i) (i32.shl (i32.const 1) (local.get $shift))))
        (if (i32.gt_u (local.get $blockEnd) (local.get $n)) (then (local.set $blockEnd (local.get $n))))
        (loop $each_code
          (local.set $d (i64.const 0))
          (local.set $q (local.get $query))
          (local.set $end (i32.add (local.get $p) (i32.shl (local.get $words) (i32.const 3))))
          (loop $each_word
            (local.set $d (i64.add (local.get $d) (i64.popcnt (i64.xor (i64.load (local.get $p)) (i64.load (local.get $q))))))
            (local.set $p (i32.add (local.get $p) (i32.const 8)))
            (local.set $q (i32.add (local.get $q) (i32.const 8)))
            (br_if $each_word (i32.lt_u (local.get $p) (local.get $end))))
          (local.set $o (i32.add (local.get $out) (i32.shl (local.get $i) (i32.const 1))))
          (if (local.get $add)
            (then (local.set $d (i64.add (local.get $d) (i64.extend_i32_u (i32.load16_u (local.get $o)))))))
          (i32.store16 (local.get $o) (i32.wrap_i64 (local.get $d)))
          (if (local.get $hist)
            (then
              (local.set $o (i32.add (local.get $hist) (i32.shl (i32.wrap_i64 (local.get $d)) (i32.const 2))))
              (i32.store (local.get $o) (i32.add (i32.load (local.get $o)) (i32.const 1)))))
          (br_if $each_code (i32.lt_u (local.tee $i (i32.add (local.get $i) (i32.const 1))) (local.get $blockEnd))))
        ;; the next block's parts
        (local.set $p (i32.add (i32.mul (i32.shr_u (local.get $i) (local.get $shift)) (local.get $blockBytes)) (local.get $offset)))
        (br $each_block))))

  ;; gather(list, count, shift, blockBytes, offset, words, query, base, out): for j < count and i the u32 at list + 4 j,
  ;; writes (u16 at base + 2 i) + the distance of code i's part at `offset` to the query, as u16 to out + 2 j.
  (func (export "gather") (param $list i32) (param $count i32) (param $shift i32) (param $blockBytes i32) (param $offset i32)
    (param $words i32) (param $query i32) (param $base i32) (param $out i32)
    (local $j i32) (local $i i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (local.set $i (i32.load (i32.add (local.get $list) (i32.shl (local.get $j) (i32.const 2)))))
        (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 1)))
          (i32.add
            (i32.load16_u (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 1))))
            (call $distance
              (call $part (local.get $i) (local.get $shift) (local.get $blockBytes) (local.get $offset) (local.get $words))
              (local.get $query) (local.get $words))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each))))

  ;; histogram(dist, n, max, hist): counts the u16 distances at dist + 2 i that are at most `max` into u32 hist[d].
  (func (export "histogram") (param $dist i32) (param $n i32) (param $max i32) (param $hist i32)
    (local $i i32) (local $d i32) (local $h i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $d (i32.load16_u (i32.add (local.get $dist) (i32.shl (local.get $i) (i32.const 1)))))
        (if (i32.le_u (local.get $d) (local.get $max))
          (then
            (local.set $h (i32.add (local.get $hist) (i32.shl (local.get $d) (i32.const 2))))
            (i32.store (local.get $h) (i32.add (i32.load (local.get $h)) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each))))

  ;; collect(dist, n, cutoff, quota, dest): writes, in order, each i with distance below `cutoff` and the first `quota`
  ;; with distance `cutoff`, as u32 to dest; returns how many it wrote.
  (func (export "collect") (param $dist i32) (param $n i32) (param $cutoff i32) (param $quota i32) (param $dest i32) (result i32)
    (local $i i32) (local $d i32) (local $w i32)
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $d (i32.load16_u (i32.add (local.get $dist) (i32.shl (local.get $i) (i32.const 1)))))
        (if (i32.or (i32.lt_u (local.get $d) (local.get $cutoff))
                    (i32.and (i32.eq (local.get $d) (local.get $cutoff)) (i32.gt_s (local.get $quota) (i32.const 0))))
          (then
            (if (i32.eq (local.get $d) (local.get $cutoff)) (then (local.set $quota (i32.sub (local.get $quota) (i32.const 1)))))
            (i32.store (i32.add (local.get $dest) (i32.shl (local.get $w) (i32.const 2))) (local.get $i))
            (local.set $w (i32.add (local.get $w) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $each)))
    (local.get $w)))
