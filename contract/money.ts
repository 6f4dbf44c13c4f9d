/** Money arithmetic both sides share: whole đồng, half rounded away from zero, never -0. */
export function roundDong(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}
