/** The newest modification time (ms) of a file, or of any file under a directory; 0 when absent. */
export function newestMtime(path: string): number;
