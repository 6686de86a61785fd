// Points on the sphere in a KD-tree (kdbush), with "nearest" by great-circle distance. Two ways:
// geokdbush's search when nothing bounds it (reverse geocoding: the nearest city, however far),
// and a box query then exact distances when a radius is given — the pairing of 40k postal codes
// with cities asks that 20k times, and a box of a few km holds only a handful of points.
import { around, distance } from 'geokdbush';
import KDBush from 'kdbush';

const KM_PER_DEGREE = 111.2;

export class PointTree {
  private readonly tree: KDBush;
  /** Tree item → the caller's index (points without a position are not in the tree). */
  private readonly items: Uint32Array;
  private readonly lat: Float64Array;
  private readonly lng: Float64Array;

  /** `latitude(i)`/`longitude(i)` for i in [0, count); NaN leaves a point out. */
  constructor(count: number, latitude: (i: number) => number, longitude: (i: number) => number) {
    const items: number[] = [];
    for (let i = 0; i < count; i++) if (Number.isFinite(latitude(i)) && Number.isFinite(longitude(i))) items.push(i);
    this.items = Uint32Array.from(items);
    this.lat = Float64Array.from(items, latitude);
    this.lng = Float64Array.from(items, longitude);
    this.tree = new KDBush(Math.max(items.length, 1));
    for (let k = 0; k < items.length; k++) this.tree.add(this.lng[k]!, this.lat[k]!);
    if (items.length === 0) this.tree.add(0, 0);
    this.tree.finish();
  }

  get size(): number {
    return this.items.length;
  }

  /** The nearest point, wherever it is. */
  nearest(latitude: number, longitude: number): number | undefined {
    if (this.items.length === 0) return undefined;
    const [k] = around(this.tree, longitude, latitude, 1);
    return k === undefined ? undefined : this.items[k];
  }

  /** The nearest point within `km` that `accept` takes. */
  nearestWithin(latitude: number, longitude: number, km: number, accept: (i: number) => boolean = () => true): number | undefined {
    if (this.items.length === 0) return undefined;
    // Small boxes first: where points are dense (a US state's ZIP codes) a 100 km box holds
    // thousands, and the answer is usually a few km away. What a smaller radius finds is the
    // answer: anything nearer lies inside that radius too.
    for (let radius = Math.min(km, 4); ; radius = Math.min(km, radius * 4)) {
      const found = this.nearestInBox(latitude, longitude, radius, accept);
      if (found !== undefined || radius >= km) return found;
    }
  }

  private nearestInBox(latitude: number, longitude: number, km: number, accept: (i: number) => boolean): number | undefined {
    const dLat = km / KM_PER_DEGREE;
    const cos = Math.cos(((Math.abs(latitude) + dLat) * Math.PI) / 180);
    const dLng = cos <= 0.01 ? 180 : Math.min(180, dLat / cos);
    const minLat = latitude - dLat;
    const maxLat = latitude + dLat;
    // A box that crosses the antimeridian is two boxes.
    const boxes: Array<[number, number]> = [];
    if (dLng >= 180) boxes.push([-180, 180]);
    else {
      const west = longitude - dLng;
      const east = longitude + dLng;
      boxes.push([Math.max(west, -180), Math.min(east, 180)]);
      if (west < -180) boxes.push([west + 360, 180]);
      if (east > 180) boxes.push([-180, east - 360]);
    }
    let best: number | undefined;
    let bestKm = km;
    for (const [west, east] of boxes) {
      for (const k of this.tree.range(west, minLat, east, maxLat)) {
        const d = distance(longitude, latitude, this.lng[k]!, this.lat[k]!);
        if (d <= bestKm && accept(this.items[k]!)) {
          // Equal distances: the lower index, so the answer never depends on the tree's layout.
          if (d < bestKm || best === undefined || this.items[k]! < best) best = this.items[k];
          bestKm = d;
        }
      }
    }
    return best;
  }
}

export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  return distance(a.longitude, a.latitude, b.longitude, b.latitude);
}
