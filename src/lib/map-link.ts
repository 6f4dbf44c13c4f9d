/** A link that opens a position on OpenStreetMap (no API key, works in any browser): a customer's pin, a rep's check-in. */
export function mapLink(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
