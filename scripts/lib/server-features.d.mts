import type { Dirent } from 'node:fs';

export declare const serverInfrastructure: readonly string[];
export declare function serverFolders(entries: readonly Dirent[]): string[];
export declare function serverFeatures(entries: readonly Dirent[]): string[];
export declare const apiInfrastructure: readonly string[];
export declare function apiFeatures(entries: readonly Dirent[]): string[];
