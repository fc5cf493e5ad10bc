export declare const buildSources: string[];
export declare function whyBuild(root: string): string | null;
