// Outbound connections to addresses a user gave us (map links): only to public internet
// addresses, so a link cannot make the server reach its own network (loopback, private ranges,
// link-local cloud metadata at 169.254.169.254...). Checked twice: the DNS answer before
// connecting, and the address the socket actually connected to — a name that resolves to a public
// address for one lookup and a private one for the next (DNS rebinding) is caught by the second.
import dns, { type LookupAddress } from 'node:dns';
import net, { type Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { buildConnector } from 'undici';

/** True for a public unicast address; IPv4-mapped IPv6 is judged as the IPv4 it carries. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  // Only "unicast" is public: loopback, private, linkLocal, uniqueLocal, carrierGradeNat, reserved,
  // multicast, and the IPv6 ranges that embed an IPv4 address (6to4, NAT64, Teredo) are refused.
  return ipaddr.process(bare).range() === 'unicast';
}

export class AddressNotAllowedError extends Error {
  readonly code = 'FDS_ADDRESS_NOT_ALLOWED';
  constructor(
    readonly host: string,
    readonly address?: string,
  ) {
    super(`${AddressNotAllowedError.target(host, address)} is not a public internet address`);
    this.name = 'AddressNotAllowedError';
  }

  /** "localhost (127.0.0.1)", or the address alone when the host is one. */
  static target(host: string, address?: string): string {
    return `${host}${address && address !== host ? ` (${address})` : ''}`;
  }
}

/** dns.lookup with `all: true`: the resolver the guard filters (replaceable in tests). */
export type Resolve = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export const systemResolve: Resolve = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that answers only public addresses (all of them when allowed). */
export function guardedLookup(resolve: Resolve, allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, []);
      const usable = addresses.filter(
        (a) => (allowPrivate || isPublicAddress(a.address)) && (!options.family || options.family === a.family || options.family === `IPv${a.family}`),
      );
      if (usable.length === 0) return callback(new AddressNotAllowedError(hostname, addresses[0]?.address), []);
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

/** Refuses a socket whose peer is not public (the address connected to, not the one resolved). */
export function checkConnected(socket: Pick<Socket, 'remoteAddress' | 'destroy'>, host: string): AddressNotAllowedError | null {
  const remote = socket.remoteAddress;
  if (remote && isPublicAddress(remote)) return null;
  socket.destroy();
  return new AddressNotAllowedError(host, remote);
}

export interface GuardOptions {
  allowPrivate: boolean;
  /** Connection timeout. */
  timeoutMs: number;
  resolve?: Resolve;
}

/** An undici connector that enforces the rules above (and none of them when allowPrivate). */
export function guardedConnector(options: GuardOptions): buildConnector.connector {
  const connect = buildConnector({
    timeout: options.timeoutMs,
    lookup: guardedLookup(options.resolve ?? systemResolve, options.allowPrivate) as unknown as net.LookupFunction,
  });
  if (options.allowPrivate) return connect;
  return (target, callback) => {
    // A literal address is never looked up: judge it before connecting.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isPublicAddress(host)) {
      callback(new AddressNotAllowedError(host), null);
      return;
    }
    connect(target, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error('connection failed'), null);
      const refused = checkConnected(socket, target.hostname);
      if (refused) return callback(refused, null);
      callback(null, socket);
    });
  };
}
