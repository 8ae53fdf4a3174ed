// Local services started beside the site by `npm start`. Each returns quietly
// when its tool is missing, so the site always starts.
export async function startServices(_start) {
  return null;
}
