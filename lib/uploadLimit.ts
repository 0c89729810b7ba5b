/** The one upload limit shared by the server (lib/server/write/uploads.ts) and the forms: 20 MB. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** The limit as people read it on the forms ("max 20 MB"). */
export const UPLOAD_MAX_MB = 20;
