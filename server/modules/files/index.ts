/** The files module's public face (contract/files.ts): what the composition root and the modules whose ops carry files use. */
export { fileRoutes, isFileUpload, type FileReader } from './files.routes';
export { attachFile, fileCleanupHandler, removeUnattachedFiles, saveFile, scheduleFileCleanup } from './files';
