/** Routes served by code rather than content: the blog post pages and the admin. */
export const dynamicRoute = /^\/(blogs\/[a-z0-9-]+|admin(\/.*)?)$/;
