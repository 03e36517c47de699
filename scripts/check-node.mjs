// After install: confirm that npm scripts will run on the pinned Node (Astro 7 needs
// >= 22.12), even when the machine's own node is older.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(`warning: npm scripts run on Node ${process.versions.node}; the pinned Node in node_modules/.bin was not found. Run npm install again.`);
}
