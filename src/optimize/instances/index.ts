// The benchmark readers' public face: parse text or read files of the Solomon, LKH-3 (Solomon-25)
// and Li & Lim formats into Problems, and the best-known results table.
export { type BestKnown, parseBks } from './bks.js';
export { InstanceError, type ReadOptions } from './common.js';
export { type DistanceConvention, edgeLength, euclideanMatrix } from './euclid.js';
export { parseLiLim } from './li-lim.js';
export { parseLkhVrptw } from './lkh.js';
export { detectFormat, type InstanceFormat, parseInstance, readBks, readInstance } from './read.js';
export { parseSolomon } from './solomon.js';
