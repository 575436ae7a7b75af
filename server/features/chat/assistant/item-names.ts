// Names and places as a traveller writes them in a request to add something to a trip: "a flight
// to denver", "the Hilton Nordica", "..., hotel le marais, 210 euro", "a wheelchair van rental".

export const titled = (text: string) => text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

/** Words that end a place's name in a request: "to denver on the 16th for 310". */
const NAME_ENDS = String.raw`(?=\s+(?:on|for|at|in|from|to|this|next|tomorrow|today|tonight|around|about|arriving|leaving|departing|returning|and|with|please|pls|by|the\s+\d|\d)\b|\s*[,.;!?]|\s+\d|\s*$)`;

/** Times after "in" that are no place: "in march", "in the evening", "in 2 weeks". */
const NOT_A_PLACE =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morning|afternoon|evening|night|advance|total|cash|person|dollars|euros|pounds|\\d';

/**
 * The place after "to" or "from" in a flight request, or after "in" in another ("to denver" and
 * "a hotel in savannah" are Denver and Savannah), as written.
 */
export function placeAfter(word: 'to' | 'from' | 'in', raw: string): string | undefined {
  const found = new RegExp(
    String.raw`\b${word}\s+((?!(?:my|our|the|a|an|it|there|here|home|back|trip|${NOT_A_PLACE})\b)[\p{L}'.-]+(?:\s+(?!(?:on|for|at|in|from|to|this|next|and|with|the|around|about)\b)[\p{L}'.-]+){0,2})${NAME_ENDS}`,
    'iu',
  ).exec(raw)?.[1];
  return found ? titled(found) : undefined;
}

/** A hotel or car by its own name: "called the Roosevelt", "..., the roosevelt, 259 a night". */
export function calledName(raw: string): string | undefined {
  // "stick the premier inn on that day": a hotel named as the thing added.
  const added =
    /\b(?:add|put|stick|pop|book|slot|pencil)\s+(?:in\s+)?(?:(?:me|us|them)\s+)?(?:the\s+|a\s+)?((?:[\p{L}'&.-]+\s+){0,3}(?:[\p{L}'&.-]*(?:inn|lodge|motel|hostel|resort|suites|hotel)|b&b|van|rental|minivan|taxi|transfer))\b/iu.exec(
      raw,
    )?.[1];
  // "add the Hilton Nordica for the 10th": a hotel by its brand.
  const brand =
    /\b(?:add|put|stick|pop|book|slot)\s+(?:the\s+|a\s+)?((?:hilton|marriott|hyatt|sheraton|radisson|westin|novotel|ibis|mercure|intercontinental|ritz|travelodge|fairmont|wyndham|doubletree|hampton|sofitel|kempinski|omni|holiday inn|premier inn|best western|four seasons|embassy suites)(?:\s+[\p{L}'&.-]+){0,3}?)(?=\s+(?:on|for|at|from|in|this|next|tonight|tomorrow)\b|\s*[,.;!?]|\s*$)/iu.exec(
      raw,
    )?.[1];
  if (brand) return titled(brand);
  // "a wheelchair van rental": a vehicle as the traveller described it.
  const vehicle = added?.trim().replace(/^(?:an|a|the|another|one)\s+/i, '');
  if (
    vehicle &&
    /\b(van|minivan|taxi|transfer|rental)$/i.test(vehicle) &&
    !/^(?:car |van )?rental$|^rental car$/i.test(vehicle) &&
    vehicle.split(' ').length > 1
  ) {
    // "... van from phoenix airport": where it is picked up, too.
    const from = placeAfter('from', raw);
    return `${vehicle.charAt(0).toUpperCase()}${vehicle.slice(1)}${from ? ` from ${from}` : ''}`;
  }
  const own = added
    ?.trim()
    .replace(
      /^(?:(?:another|an|a|one|new|other|cheap|cheaper|accessible|nice|wheelchair|quiet|second|extra|more|different|good|decent|budget)\s+)+/i,
      '',
    );
  if (
    own &&
    !/^(?:hotel|inn|lodge|motel|hostel|resort|suites|b&b|(?:car |van )?rental|rental car|van|car|taxi|transfer)$/i.test(
      own,
    )
  ) {
    // "Premier Inn", but "Wheelchair van rental" as said.
    return /\b(van|rental|minivan|taxi|transfer)$/i.test(own)
      ? `${own.charAt(0).toUpperCase()}${own.slice(1)}`
      : titled(own);
  }
  const said =
    /\b(?:called|named)\s+((?:the\s+)?[\p{L}'&.-]+(?:\s+[\p{L}'&.-]+){0,3}?)(?=\s+(?:on|for|at|in|from|near)\b|\s*[,.;!?]|\s*$)/iu.exec(
      raw,
    )?.[1] ??
    /[,\u2013-]\s*((?:the|hotel|[\p{L}'&.-]*(?:hotel|inn|lodge)|hilton|marriott|hyatt|sheraton|radisson|westin|novotel|ibis|mercure|intercontinental|ritz|travelodge|fairmont|wyndham|doubletree|hampton|sofitel|kempinski|omni|holiday|premier|best|four|embassy)\s+[\p{L}'&.-]+(?:\s+[\p{L}'&.-]+){0,3}?)\s*(?=,|$|\d)/iu.exec(
      raw,
    )?.[1];
  return said && !/\b(trip|day|morning|afternoon|evening|night|same|one)\b/i.test(said)
    ? titled(said)
    : undefined;
}
