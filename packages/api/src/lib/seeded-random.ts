/**
 * A small deterministic generator for demo data: the same seed gives the same numbers on every run.
 * Each call answers an integer in [0, n).
 */
export function lcg(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s % n;
  };
}
