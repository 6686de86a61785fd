// A GET sent again after a 503, as a client does: a server just out of a heavy load (the 200-route
// board before the suggestions) answers "overloaded" for a moment, and a bench sizing its next
// load from the answer would stop there.
export async function patientGet(url: string, headers: Record<string, string>): Promise<Response> {
  let res = await fetch(url, { headers });
  for (let tries = 1; res.status === 503 && tries < 20; tries++) {
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    res = await fetch(url, { headers });
  }
  return res;
}
