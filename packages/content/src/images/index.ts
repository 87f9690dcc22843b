export { generateDemoImages, renderImage, MANIFEST_FILE } from './generate.js';
export type { GenerateOptions, GenerateResult, ImageProgress } from './generate.js';
export { collectImageUrls, fileOf, planImages, ruleOf, RENDERER_VERSION, TYPE_BADGES } from './plan.js';
export type { ImageContext, ImageJob, ImageKind, ImagePlan, ImageRule } from './plan.js';
export { escapeXml, fitTitle, hueOf, imageSvg } from './svg.js';
