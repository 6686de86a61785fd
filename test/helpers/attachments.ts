// What the attachments tests share: pictures and PDFs made by the libraries a person's device would
// use (an encoder for photos, pdfkit for scans), and uploads through the API.
import { Transformer } from '@napi-rs/image';
import PDFDocument from 'pdfkit';
import { type Answer, call, multipart, type TestApp } from './app.js';
import type { Session } from './factories.js';

/** A photo-like picture: a gradient with a band, so the encoder has real content to compress. */
export async function picture(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = y > height / 3 && y < height / 2 ? 30 : 200;
      pixels[i + 3] = 255;
    }
  }
  const image = Transformer.fromRgbaPixels(pixels, width, height);
  return format === 'jpeg' ? image.jpeg(85) : image.png();
}

/** A PDF whose pages say their number. */
export async function pdfOf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (let page = 1; page <= pages; page++) {
    if (page > 1) doc.addPage();
    doc.fontSize(24).text(`Delivery receipt, page ${page} of ${pages}`);
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function dimensionsOf(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const { width, height, format } = await new Transformer(bytes).metadata();
  return { width, height, format };
}

export interface UploadFile {
  name: string;
  type: string;
  content: Buffer;
}

/** POST /Attachments/upload/{entityType}/{entityId} with one file (unless none) and page fields. */
export function upload(
  t: TestApp,
  session: Session,
  entityType: number | string,
  entityId: number,
  file: UploadFile | null,
  fields: Record<string, string> = {},
): Promise<Answer<any>> {
  return call(t, 'POST', `/api/v1/Attachments/upload/${entityType}/${entityId}`, {
    token: session.token,
    ...multipart(file ? [{ field: 'file', ...file }] : [], fields),
  });
}

export function uploadImage(t: TestApp, session: Session, file: UploadFile): Promise<Answer<any>> {
  return call(t, 'POST', '/api/v1/Images/upload', { token: session.token, ...multipart([{ field: 'file', ...file }]) });
}
