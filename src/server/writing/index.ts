/** The owner's writing: articles and talks as Markdown in `CONTENT_DIR`, their history, and publishing them. */
import type { Db } from '../db/client.ts';
import { createArticleWriting } from './articles.ts';
import { buildRunner, type BuildSettings } from './buildRunner.ts';
import { createImageCacheQueue } from './imageCacheQueue.ts';
import { createPublisher } from './publisher.ts';
import { createQuickReleases, type ArticleChange } from './quickRelease.ts';
import { createBuildAsks, serverName } from './builds.ts';
import { createSourceFiles } from './sourceFiles.ts';
import { createTalkWriting } from './talks.ts';
import { createVersions } from './versions.ts';
import type { LiveArticles } from './liveArticles.ts';

export interface WritingOptions extends BuildSettings {
  /** Makes the newest build the one the server answers from. */
  goLive: () => Promise<void>;
  /** Saves ask for a build themselves; off, only an explicit publish builds. */
  autoPublish: boolean;
  /** The live build's articles, for the states in the console's list. */
  live?: () => LiveArticles;
}

/** How long a save waits for its quick release before it answers. */
const QUICK_RELEASE_WAIT_MS = 5000;

export function createWriting(db: Db, options: WritingOptions) {
  const versions = createVersions(db);
  const articleFiles = createSourceFiles(options.contentDir, 'articles');
  // Uploaded images are encoded for the build in the background; a build holds that work meanwhile.
  const imageCache = createImageCacheQueue({ projectRoot: options.projectRoot, contentDir: options.contentDir });
  const quick = createQuickReleases({
    distDir: options.distDir,
    files: articleFiles,
    goLive: options.goLive,
    onLive: (id, outcome) => publisher.pageLive(id, outcome === 'withdrawn'),
    bodyImage: (file) => imageCache.bodyImageNow(file),
  });
  const runBuild = buildRunner(options);
  const publisher = createPublisher({
    shared: createBuildAsks(db, serverName()),
    build: (onLine, stop) => imageCache.whileBuilding(() => runBuild(onLine, stop)),
    goLive: async (startedAt) => {
      await options.goLive();
      await quick.afterBuild(startedAt);
    },
  });
  /**
   * A change readers may see: its article's page at once when a quick release can, then a full
   * build. The save waits for the quick release a while: a text edit or a withdrawal is live when
   * it answers; a new photo still being encoded on a busy machine goes live after, and the status
   * line's page_live says when.
   */
  const published = async (change?: ArticleChange) => {
    if (!options.autoPublish) return;
    // Asked first, so the quick release's page_live comes after the queued_at the console compares it with.
    publisher.request();
    if (!change) return;
    const released = quick
      .apply(change)
      .catch((error: Error) => console.error(`快速发布失败，等待完整构建：${error.message}`));
    let patience: NodeJS.Timeout | undefined;
    await Promise.race([released, new Promise((resolve) => (patience = setTimeout(resolve, QUICK_RELEASE_WAIT_MS)))]);
    clearTimeout(patience);
  };
  const articles = createArticleWriting({ files: articleFiles, versions, published, live: options.live });
  const talks = createTalkWriting({ files: createSourceFiles(options.contentDir, 'talks'), versions, published });
  /** Waits for the next scheduled article again. */
  const reschedule = async () => publisher.scheduleAt(await articles.nextScheduled());
  return {
    articles,
    talks,
    publisher,
    imageCache,
    articlesDir: articleFiles.dir,
    /**
     * Waits for the next scheduled article again. The server calls it whenever a build goes live,
     * wherever it was built (this server's included), and `start` at start.
     */
    reschedule,
    /**
     * Once the server has started: builds now if an article fell due while no server ran (after
     * `builtAt`, when the live build was made), and waits for the next scheduled one.
     */
    async start(builtAt: Date): Promise<void> {
      // Asked at the article's date, as its timer would have: servers starting together ask one build.
      const due = await articles.lastDueSince(builtAt);
      if (due) publisher.request(due);
      await reschedule();
    },
  };
}

export type Writing = ReturnType<typeof createWriting>;
