/**
 * The chart's scale: a round maximum at or above `top`, in four steps of 1, 1.25, 1.5, 2, 2.5, 3,
 * 4, 5, 6 or 7.5 × a power of ten, and its ticks from 0; nothing to show gives a scale of 0 to 1.
 */
export function niceScale(top: number, steps = 4): { max: number; ticks: number[] } {
  if (!(top > 0)) return { max: 1, ticks: [0, 1] };
  const rough = top / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 10].map((m) => m * power).find((s) => s * steps >= top)!;
  return { max: step * steps, ticks: Array.from({ length: steps + 1 }, (_, i) => i * step) };
}
