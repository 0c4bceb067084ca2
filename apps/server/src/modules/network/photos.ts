/** Facility photos and doctors' portraits (storage kind): re-encoded by the storage service, which drops their metadata. */
export const NETWORK_PHOTO_KIND = 'network-photo';
export const NETWORK_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const NETWORK_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
