// The attachments' part of the conventions walk (test/helpers/walk.ts says what each holds): an
// attachment is a small picture on a new order; uploads are multipart requests the walk cannot
// make from a schema. The upload route's entityId is walked as an order's id (entityType 2).
import { picture, upload } from '../attachments.js';
import { createQuote } from '../factories.js';
import type { AreaWalk, Factory, WalkRequest } from '../walk.js';

let png: Buffer | null = null;
const small = async () => (png ??= await picture(64, 48, 'png'));

const attachment: Factory = async (t, s) => {
  const order = await createQuote(t, s);
  const res = await upload(t, s, 2, order.id, { name: 'walk.png', type: 'image/png', content: await small() });
  if (res.status !== 200) throw new Error(`attachment not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
};

const file = async (): Promise<WalkRequest['multipart']> => ({ files: [{ field: 'file', name: 'walk.png', type: 'image/png', content: await small() }] });

export const attachmentsWalk: AreaWalk = {
  factories: { attachment },
  cases: {
    'POST /Attachments/upload/:entityType/:entityId': async () => ({ params: { entityType: 2 }, multipart: await file() }),
    'POST /Images/upload': async () => ({ multipart: await file() }),
  },
};
