// The mean position of many points on the sphere: countries and states without a point of their
// own are placed at the mean of their cities (sources.ts, gazetteer.ts).
/** The mean position of points on the sphere (of their unit vectors), to 5 decimals. */
export class Spread {
  private x = 0;
  private y = 0;
  private z = 0;
  private n = 0;

  add(latitude: number, longitude: number): void {
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const φ = (latitude * Math.PI) / 180;
    const λ = (longitude * Math.PI) / 180;
    this.x += Math.cos(φ) * Math.cos(λ);
    this.y += Math.cos(φ) * Math.sin(λ);
    this.z += Math.sin(φ);
    this.n++;
  }

  mean(): [number, number] | null {
    if (this.n === 0) return null;
    const round = (v: number) => Math.round(v * 1e5) / 1e5 + 0;
    const latitude = (Math.atan2(this.z, Math.hypot(this.x, this.y)) * 180) / Math.PI;
    const longitude = (Math.atan2(this.y, this.x) * 180) / Math.PI;
    return [round(latitude), round(longitude)];
  }
}
