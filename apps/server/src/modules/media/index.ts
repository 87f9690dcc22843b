/** The media module: ingest, the media files it serves, the demo media and its preparation (see README.md). */
export {
  EmptySchema,
  MEDIA_ROUTE_DESCRIPTION,
  mediaFolders,
  mediaResponses,
  mediaRoutes,
  serveMediaFile,
  type MediaFolder,
  type MediaRoutesOptions,
} from './routes.js';
export { DEMO_IMAGES_DIR, DemoPreparation, type DemoState } from './demo/prepare.js';
