/** The images module: originals resized and re-encoded on the fly, variants cached on disk (see README.md). */
export { imageRoutes, type ImageRoutesOptions } from './routes.js';
export { ImageService } from './image-service.js';
