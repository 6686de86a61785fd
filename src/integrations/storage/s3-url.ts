// STORAGE_URL, `s3://bucket?endpoint=http://host:port&region=us-east-1&forcePathStyle=true`: read
// in one place, so that the configuration refuses at start-up what the S3 store could not use
// (settings.ts), and the store reads the same thing (s3.ts). Credentials never come through the URL:
// they come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile,
// an instance role), so that no secret sits in a setting that could be logged or echoed.

export interface S3Location {
  bucket: string;
  /** An S3-compatible server (`http(s)://host:port`); undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  /** undefined: the SDK's chain (AWS_REGION, the profile); us-east-1 with an endpoint of one's own. */
  region: string | undefined;
  /** Addresses as `endpoint/bucket/key` rather than `bucket.endpoint/key` (most S3-compatible servers). */
  forcePathStyle: boolean;
}

const PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];

/** The location, or what is wrong with the address (said without repeating it: it might hold a secret). */
export function parseStorageUrl(raw: string): { ok: true; value: S3Location } | { ok: false; problem: string } {
  const bad = (problem: string) => ({ ok: false as const, problem });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return bad('must be an address like s3://bucket?endpoint=http://host:port&region=us-east-1&forcePathStyle=true');
  }
  if (url.protocol !== 's3:') return bad('must start with s3:// (an S3-compatible bucket)');
  if (url.username !== '' || url.password !== '') return bad('must not carry credentials: they come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  // Bucket names as S3 allows them (3 to 63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname)) return bad('must name a bucket (3 to 63 lower-case letters, digits, dots and hyphens)');
  if (url.pathname !== '' && url.pathname !== '/') return bad('must be only a bucket, without a path');
  for (const name of url.searchParams.keys())
    if (!PARAMETERS.includes(name)) return bad(`has an unknown parameter "${name.slice(0, 40)}" (known: ${PARAMETERS.join(', ')})`);

  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      return bad('has an endpoint that is not an http:// or https:// address');
    if (parsed.username !== '' || parsed.password !== '') return bad('must not carry credentials: they come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region)) return bad('has a region that is no region name (like us-east-1)');
  const pathStyle = url.searchParams.get('forcePathStyle');
  if (pathStyle !== null && pathStyle !== 'true' && pathStyle !== 'false') return bad('has forcePathStyle other than true or false');
  return {
    ok: true,
    value: {
      bucket: url.hostname,
      endpoint: endpoint?.replace(/\/+$/, ''),
      // A server of one's own seldom cares for the region, but the SDK signs nothing without one.
      region: region ?? (endpoint !== undefined ? 'us-east-1' : undefined),
      // A server of one's own on host:port seldom answers per-bucket host names.
      forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    },
  };
}
