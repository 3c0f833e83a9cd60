// Imported first by the entry points that serve the site: without NODE_ENV, libraries (React's
// server renderer above all) pick their development builds, which render pages several times
// slower. Development is then something you ask for (`npm run dev`), never an accident.
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

export {};
