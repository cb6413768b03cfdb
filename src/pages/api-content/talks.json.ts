import { getTalks } from '../../data/talks';
import { fillImageMarkers } from '../../lib/node/contentImages';
import type { TalkExport } from '../../lib/node/contentIndex';

/** Build-time export of every talk for the API; the build moves it out of the public folder with the articles. */
export async function GET() {
  const talks = await getTalks();
  const exported: TalkExport = {
    builtAt: new Date().toISOString(),
    talks: await Promise.all(
      talks.map(async (talk) => ({
        id: talk.data.id,
        date: talk.data.date.toISOString(),
        pinned: talk.data.pinned,
        images: [...talk.data.images],
        text: (talk.body ?? '').trim(),
        // Talks show their pictures through `images`; an image written into the body keeps its
        // address as written, so no client ever sees the renderer's placeholder.
        html: await fillImageMarkers(talk.rendered?.html ?? '', async () => undefined),
      })),
    ),
  };
  return Response.json(exported);
}
