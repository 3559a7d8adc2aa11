/**
 * What the benchmark registry looks like, so that it behaves like Florida's (issue 20): the
 * cities, name words, statuses and filing types the generator (registry-generator.ts) draws
 * from, with their weights. Deterministic: plain data and a weighted pick over a given random
 * source.
 *
 * - Cities: Florida has about 410 municipalities; businesses in unincorporated areas use the
 *   postal city of their address, so they are folded into those. Shares follow Zipf's law
 *   (rank r holds ~1/r of the first city's share): a few large cities (Miami ~14%, then
 *   Orlando, Tampa, Jacksonville...), a long tail of small towns. Pembroke Park sits in the
 *   tail at rank 200, with ~0.07% of the rows (3.5M rows -> ~2,500 businesses), which is what
 *   makes a town filter selective.
 * - Names: ~400 first words (surnames of many origins, places, nature, trade words) and ~200
 *   second words, 80,000 bases, plus numbered variants: far more distinct words than the old
 *   2,500 bases.
 * - Statuses: most rows inactive, as in the state's file (Sunbiz keeps dissolved and
 *   administratively dissolved companies for years). Types: mostly LLCs and corporations.
 */

/** A weighted list: items and their relative weights, picked with one random number. */
export type Weighted<T> = { items: readonly T[]; cumulative: Float64Array };

export function weighted<T>(pairs: readonly (readonly [T, number])[]): Weighted<T> {
  const cumulative = new Float64Array(pairs.length);
  let sum = 0;
  pairs.forEach(([, w], i) => (cumulative[i] = sum += w));
  for (let i = 0; i < cumulative.length; i++) cumulative[i] /= sum;
  return { items: pairs.map(([item]) => item), cumulative };
}

/** The item whose cumulative share first exceeds `x` (0 <= x < 1): binary search. */
export function pickWeighted<T>(list: Weighted<T>, x: number): T {
  let lo = 0;
  let hi = list.cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list.cumulative[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return list.items[lo];
}

/** Real Florida municipalities, roughly by number of businesses (largest first). */
const MAJOR_CITIES = [
  "Miami", "Orlando", "Tampa", "Jacksonville", "Fort Lauderdale", "Hialeah", "St. Petersburg",
  "Boca Raton", "West Palm Beach", "Tallahassee", "Naples", "Sarasota", "Hollywood", "Doral",
  "Cape Coral", "Fort Myers", "Pompano Beach", "Coral Springs", "Kissimmee", "Clearwater",
  "Miami Beach", "Gainesville", "Pembroke Pines", "Boynton Beach", "Delray Beach", "Lakeland",
  "Coral Gables", "Jupiter", "Port St. Lucie", "Davie", "Aventura", "Sunrise", "Plantation",
  "Palm Beach Gardens", "Miramar", "Deerfield Beach", "Weston", "Ocala", "Daytona Beach",
  "Pensacola", "Melbourne", "Homestead", "Bradenton", "Wellington", "Palm Bay", "Largo",
  "Winter Park", "Sanford", "Kendall", "Lake Worth Beach", "Margate", "Tamarac", "Lauderhill",
  "North Miami", "Hallandale Beach", "Palm Coast", "Stuart", "Vero Beach", "Port Charlotte",
  "Bonita Springs", "Oakland Park", "Coconut Creek", "Altamonte Springs", "Oviedo", "Apopka",
  "Clermont", "Deltona", "Titusville", "Panama City", "Destin", "Fort Walton Beach", "St. Augustine",
  "Lakewood Ranch", "Riverview", "Brandon", "Wesley Chapel", "Spring Hill", "New Port Richey",
  "Palm Harbor", "Dunedin", "Tarpon Springs", "Winter Garden", "Ocoee", "Windermere",
  "Winter Haven", "Haines City", "Davenport", "Sebring", "Punta Gorda", "Venice", "North Port",
  "Estero", "Marco Island", "Key West", "Key Largo", "Islamorada", "Marathon", "Fernandina Beach",
  "Orange Park", "Jacksonville Beach", "Ponte Vedra Beach", "Neptune Beach", "Atlantic Beach",
  "Lake Mary", "Longwood", "Casselberry", "Winter Springs", "Maitland", "Eustis", "Leesburg",
  "Tavares", "Mount Dora", "The Villages", "Lady Lake", "Crystal River", "Inverness", "Brooksville",
  "Zephyrhills", "Dade City", "Plant City", "Bartow", "Auburndale", "Lake Wales", "Avon Park",
  "Okeechobee", "Fort Pierce", "Sebastian", "Cocoa", "Cocoa Beach", "Rockledge", "Merritt Island",
  "Satellite Beach", "Indialantic", "Palm Springs", "Greenacres", "Royal Palm Beach", "Lantana",
  "Lake Park", "Riviera Beach", "North Palm Beach", "Tequesta", "Juno Beach", "Palm Beach",
  "Highland Beach", "Lighthouse Point", "Wilton Manors", "Dania Beach", "Cooper City",
  "Southwest Ranches", "Parkland", "North Lauderdale", "Lauderdale Lakes", "Lauderdale-By-The-Sea",
  "West Park", "Miami Gardens", "Opa-locka", "Miami Lakes", "Miami Springs", "Medley", "Sweetwater",
  "Hialeah Gardens", "Virginia Gardens", "North Miami Beach", "Sunny Isles Beach", "Golden Beach",
  "Bal Harbour", "Bay Harbor Islands", "Surfside", "North Bay Village", "Miami Shores",
  "El Portal", "Biscayne Park", "Key Biscayne", "South Miami", "Pinecrest", "Palmetto Bay",
  "Cutler Bay", "Florida City", "West Miami", "Crestview", "Niceville", "Gulf Breeze", "Milton",
  "Navarre", "Panama City Beach", "Lynn Haven", "Callaway", "Port St. Joe", "Apalachicola",
  "Quincy", "Live Oak", "Lake City", "Starke", "Palatka", "Bunnell", "Flagler Beach",
  "Ormond Beach", "Holly Hill", "Port Orange", "New Smyrna Beach", "Edgewater", "DeLand",
  "Orange City", "DeBary", "Deland", "Pembroke Park",
];

/** Small towns of the tail (real names too), after the major cities. */
const SMALL_TOWNS = [
  "Alachua", "Altha", "Anna Maria", "Arcadia", "Archer", "Astatula", "Atlantis", "Baldwin",
  "Bascom", "Belle Glade", "Belle Isle", "Belleair", "Belleair Beach", "Belleair Bluffs",
  "Belleview", "Beverly Beach", "Blountstown", "Bonifay", "Bowling Green", "Branford", "Briny Breezes",
  "Bronson", "Brooker", "Bushnell", "Callahan", "Campbellton", "Cape Canaveral", "Carrabelle",
  "Caryville", "Cedar Key", "Center Hill", "Century", "Chattahoochee", "Chiefland", "Chipley",
  "Cinco Bayou", "Clewiston", "Cloud Lake", "Coleman", "Cottondale", "Crescent City", "Cross City",
  "Dundee", "Dunnellon", "Eagle Lake", "Eatonville", "Ebro", "Edgewood", "Esto", "Fanning Springs",
  "Fellsmere", "Flagler Beach", "Fort Meade", "Fort White", "Freeport", "Frostproof", "Fruitland Park",
  "Glen Ridge", "Glen St. Mary", "Golf", "Graceville", "Grand Ridge", "Grant-Valkaria", "Green Cove Springs",
  "Greensboro", "Greenville", "Greenwood", "Gretna", "Groveland", "Gulf Stream", "Gulfport", "Hampton",
  "Hastings", "Havana", "Hawthorne", "Hilliard", "Hillcrest Heights", "Horseshoe Beach", "Howey-in-the-Hills",
  "Hypoluxo", "Indian Creek", "Indian Harbour Beach", "Indian River Shores", "Indian Rocks Beach",
  "Indian Shores", "Inglis", "Interlachen", "Jacob City", "Jasper", "Jay", "Jennings", "Juno Ridge",
  "Kenneth City", "Keystone Heights", "LaBelle", "LaCrosse", "Lake Alfred", "Lake Buena Vista",
  "Lake Butler", "Lake Clarke Shores", "Lake Hamilton", "Lake Helen", "Lake Placid", "Laurel Hill",
  "Lawtey", "Lee", "Madeira Beach", "Madison", "Malabar", "Malone", "Manalapan", "Mangonia Park",
  "Mary Esther", "Mascotte", "Mayo", "McIntosh", "Melbourne Beach", "Melbourne Village", "Mexico Beach",
  "Micanopy", "Midway", "Minneola", "Monticello", "Montverde", "Moore Haven", "Mulberry", "Newberry",
  "North Redington Beach", "Oak Hill", "Ocean Breeze", "Ocean Ridge", "Oldsmar", "Orchid", "Otter Creek",
  "Pahokee", "Palm Beach Shores", "Palm Shores", "Parker", "Paxton", "Penney Farms", "Pierson",
  "Polk City", "Pomona Park", "Ponce de Leon", "Ponce Inlet", "Port Richey", "Redington Beach",
  "Redington Shores", "Reddick", "San Antonio", "Sanibel", "Sea Ranch Lakes", "Seminole", "Sewall's Point",
  "Sneads", "Sopchoppy", "South Bay", "South Palm Beach", "South Pasadena", "St. Cloud", "St. Leo",
  "St. Lucie Village", "St. Marks", "St. Pete Beach", "Trenton", "Umatilla", "Valparaiso", "Vernon",
  "Waldo", "Wausau", "Webster", "Welaka", "Wewahitchka", "White Springs", "Wildwood", "Williston",
  "Worthington Springs", "Yankeetown", "Zolfo Springs", "Bay Lake", "Aripeka", "Astor", "Bagdad",
  "Fort McCoy", "Lake Panasoffkee", "Weirsdale", "Citra", "Umatilla Heights", "Sumterville", "Lake Como",
  "Orange Springs", "Salt Springs", "Steinhatchee", "Suwannee", "Hosford", "Bristol", "Wakulla Springs",
  "Panacea", "Crawfordville", "Lamont", "Lloyd", "Perry", "Old Town", "Morriston", "Romeo", "Anthony",
  "Sparr", "Candler", "Silver Springs", "Ocklawaha", "Summerfield", "Floral City", "Lecanto",
  "Homosassa", "Hernando", "Istachatta", "Nobleton", "Ridge Manor", "Lacoochee", "Trilby", "Kathleen",
  "Loughman", "Indian Lake Estates", "Babson Park", "Hesperides", "Venus", "Lorida", "Brighton",
  "Palmdale", "Felda", "Immokalee", "Ave Maria", "Everglades City", "Chokoloskee", "Copeland",
  "Goodland", "Placida", "Boca Grande", "Englewood", "Nokomis", "Osprey", "Laurel", "Myakka City",
  "Parrish", "Terra Ceia", "Ellenton", "Palmetto", "Ruskin", "Sun City Center", "Apollo Beach",
  "Gibsonton", "Wimauma", "Balm", "Lithia", "Dover", "Seffner", "Thonotosassa", "Lutz", "Odessa",
  "Land O' Lakes", "Hudson", "Shady Hills", "San Antonio Hills", "Christmas", "Bithlo", "Chuluota",
  "Geneva", "Mims", "Scottsmoor", "Grant", "Roseland", "Wabasso", "Jensen Beach", "Hobe Sound",
  "Indiantown", "Canal Point", "Loxahatchee", "Tavernier", "Big Pine Key", "Summerland Key",
];

/** Zipf's law over the ranks, with Pembroke Park moved to rank 200 (~0.07% of the rows). */
function cityRanks(): string[] {
  const seen = new Set<string>();
  const all = [...MAJOR_CITIES, ...SMALL_TOWNS].filter((c) => c !== "Pembroke Park" && !seen.has(c) && seen.add(c));
  all.splice(199, 0, "Pembroke Park");
  return all.slice(0, 410);
}

export const CITY_NAMES = cityRanks();

export const CITIES = weighted(CITY_NAMES.map((city, i) => [city, 1 / (i + 1)] as const));

/** Five-digit ZIP codes of a city: real ones for Pembroke Park, plausible Florida ones otherwise. */
export function cityZips(city: string): string[] {
  if (city === "Pembroke Park") return ["33009", "33023"];
  let h = 0;
  for (const ch of city) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  const base = 32003 + (h % 2960);
  return [String(base), String(base + 2), String(base + 5)];
}

/** Statuses as in the state's file: most rows inactive. */
export const STATUS_WEIGHTS = weighted([
  ["INACTIVE", 0.58],
  ["ACTIVE", 0.3],
  ["DISSOLVED", 0.05],
  ["REVOKED", 0.045],
  ["WITHDRAWN", 0.02],
  ["PENDING", 0.005],
] as const);

/** Filing types: mostly LLCs and corporations; limited partnerships are rare. */
export const FILING_TYPE_WEIGHTS = weighted([
  ["LLC", 0.47],
  ["CORP", 0.36],
  ["ABN", 0.06],
  ["FIC", 0.05],
  ["LIC", 0.02],
  ["LP", 0.02],
  ["FICA", 0.015],
  ["LLLP", 0.005],
] as const);

const SURNAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson
Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards
Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed
Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes
Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan
Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander
Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina
Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy
Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon
Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose
Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver
Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart
Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado
Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval
Guerrero George Chapman Rios Estrada Ortega Watkins Greene Nunez Wheeler Valdez Harper Burke Larson
Santiago Maldonado Morrison Franklin Carlson Austin Dominguez Carr Lawson Jacobs OBrien Lynch Singh Vega
Bishop Montgomery Oliver Jensen Harvey Williamson Gilbert Dean Sims Espinoza Howell Li Wong Reid Hanson
Le McCoy Garrett Burton Fuller Wang Weber Welch Rojas Lucas Marquez Fields Park Yang Little Banks Padilla
Day Walsh Bowman Schultz Luna Fowler Mejia Davidson Acosta Brewer May Holland Juarez Newman Pearson Curtis
Cortez Douglas Schneider Joseph Barrett Navarro Figueroa Keller Avila Wade Molina Stanley Hopkins Campos
Barnett Bates Chambers Caldwell Beck Lambert Miranda Byrd Craig Ayala Lowe Frazier Powers Neal Leonard
Gregory Carrillo Sutton Fleming Rhodes Shelton Schwartz Norris Jennings Watts Duran Walters Cohen
McDaniel Moran Parks Steele Vaughn Becker Holt DeLeon Barker Terry Hale Leon Hail Benson Haynes Horton
Miles Lyons Pham Graves Bush Thornton Wolfe Warner Cabrera McKinney Mann Zimmerman Dawson Lara Fletcher
Page McCarthy Love Robles Cervantes Solis Erickson Reeves Chang Klein Salinas Fuentes Baldwin Daniel
Simon Velasquez Hardy Higgins Aguirre Lin Cummings Chandler Sharp Barber Bowen Ochoa Dennis Robbins Liu
Ramsey Francis Griffith Paul Blair OConnor Cardenas Pacheco Cross Calderon Quinn Moss Swanson Chan
Rivas Khan Rodgers Serrano Fitzgerald Rosales Stevenson Christensen Manning Gill Curry McLaughlin Harmon
McGee Gross Doyle Garner Newton Burgess Reese Walton Blake Trujillo Adkins Brady Goodman Roman Webster
Goodwin Fischer Huang Potter Delacruz Montoya Todd Wu Hines Mullins Castaneda Malone Cannon Tate Mack
Sherman Hubbard Hodges Zhang Guerra Wolf Valencia Saunders Franco Rowe Gallagher Farmer Hammond Hampton
Townsend Ingram Wise Gallegos Clarke Barton Schroeder Maxwell Waters Logan Camacho Strickland Norman
Person Colon Parsons Frank Harrington Glover Osborne Buchanan Casey Floyd Patton Ibarra Ball Tyler Suarez
Bowers Orozco Salas Cobb Gibbs Andrade Bauer Conner Moody Escobar McGuire Lloyd Mueller Hartman French
Kramer McBride Pope Lindsey Velazquez Norton McCormick Sparks Flynn Yates Hogan Marsh Macias Villanueva
Zamora Pratt Stokes Owen Ballard Lang Brock Villarreal Charles Drake Barrera Cain Patrick Pineda Burnett
Mercado Santana Shepherd Bautista Ali Shaffer Lamb Trevino McKenzie Hess Beil Olsen Cochran Morton Nash
Wilkins Petersen Briggs Shah Roth Nicholson Holloway Lozano Rangel Flowers Hoover Short Arias Mora
Valenzuela Bryan Meyers Weiss Underwood Bass Greer Summers Houston Carson Morrow Clayton Whitaker Decker
Yoder Collier Zuniga Carey Wilcox Melendez Poole Roberson Larsen Conley Davenport Copeland Massey Lam
Huff Rocha Cameron Jefferson Hood Monroe Anthony Pittman Huynh Randall Singleton Kirk Combs Mathis
Christian Skinner Bradford Richard Galvan Wall Boone Kirby Wilkinson Bridges Bruce Atkinson Velez Meza
Roy Vincent York Hodge Villa Abbott Allison Tapia Gates Chase Sosa Sweeney Farrell Wyatt Dalton Horn
Barron Phelps Yu Dickerson Heath Foley Atkins Mathews Bonilla Acevedo Benitez Zavala Hensley Glenn
Cisneros Harrell Shields Rubio Choi Huffman Boyer Garrison Arroyo Bond Kane Hancock Callahan Dillon Cline
Wiggins Grimes Arellano Melton ONeill Savage Ho Beltran Pitts Parrish Ponce Rich Booth Koch Golden Ware
Brennan McDowell Marks Cantu Humphrey Baxter Sawyer Clay Tanner Hutchinson Kaur Berg Wiley Gilmore
Russo Villegas Hobbs Keith Wilkerson Ahmed Beard McClain Montes Mata Rosario Vang Walter Henson ONeal
Mosley McClure Beasley Stephenson Snow Huerta Preston Vance Barry Johns Eaton Blackwell Dyer Prince
Macdonald Solomon Guevara Stafford English Hurst Woodard Cortes Shannon Kemp Nolan McCullough Merritt
Murillo Moon Salgado Strong Kline Cordova Barajas Roach Rosas Winters Jacobson Lester Knox Bullock
Kerr Leach Meadows Orr Davila Whitehead Pruitt Kent Conway McKee Barr David Dejesus Marin Berger McIntyre
Blankenship Gaines Palacios Cuevas Bartlett Durham Dorsey McCall ODonnell Stein Browning Stout Lowery
Sloan McLean Hendricks Calhoun Sexton Chung Gentry Hull Duarte Ellison Nielsen Gillespie Buck Middleton
Sellers Leblanc Esparza Hardin Bradshaw McIntosh Howe Livingston Frost Glass Morse Knapp Herman Stark
Bravo Noble Spears Weeks Corona Frederick Buckley McFarland Hebert Enriquez Hickman Quintero Randolph
Schaefer Walls Trejo House Reilly Pennington Michael Conrad Giles Benjamin Crosby Fitzpatrick Donovan
Mays Mahoney Valentine Raymond Medrano Hahn McMillan Small Bentley Felix Peck Lucero Boyle Hanna Pace
Rush Hurley Harding McConnell Bernal Nava Ayers Everett Ventura Avery Pugh Mayer Bender Shepard McMahon
Landry Case Sampson Moses Magana Blackburn Dunlap Gould Duffy Vaughan Herring McKay Espinosa Rivers
Farley Bernard Ashley Friedman Potts Truong Costa Correa Blevins Nixon Clements Fry Delarosa Best Benton
Lugo Portillo Dougherty Crane Haley Phan Villalobos Blanchard Horne Finley Quintana Lynn Esquivel Bean
Dodson Mullen Xiong Hayden Cano Levy Huber Richmond Moyer Lim Frye Sheppard McCarty Avalos Booker Waller
Parra Woodward Jaramillo Krueger Rasmussen Brandt Peralta Donaldson Stuart Faulkner Maynard Galindo
Coffey Estes Sanford Burch Maddox Vo OConnell Vu Andersen Spence McPherson Church Schmitt Stanton Leal
Cherry Compton Dudley Sierra Pollard Alfaro Hester Proctor Lu Hinton Novak Good Madden McCann Terrell
Jarvis Dickson Reyna Cantrell Mayo Branch Hendrix Rollins Rowland Whitney Duke Odom Daugherty Travis Tang`
  .split(/\s+/)
  .filter(Boolean);

const PLACE_AND_TRADE_WORDS = `Sunshine Gulfstream Coastal Everglades Palmetto Biscayne Seminole Tropical Atlantic
Citrus Manatee Pelican Coral Sawgrass Flamingo Harbor Bayside Sunrise Sunset Magnolia Osprey Heron Cypress
Emerald Tidewater Lighthouse Seaside Island Panhandle Suncoast Florida Broward Pembroke Hallandale Lakeside
Riverfront Gator Dolphin Marlin Tarpon Hibiscus Sandpiper Bluewater Golden Café Señor Peña Jürgen García
Apex Summit Pinnacle Premier Elite Prime Alpha Omega Delta Sigma Vector Quantum Nova Stellar Orbit Zenith
Horizon Frontier Pioneer Heritage Legacy Liberty Freedom Patriot Eagle Falcon Hawk Phoenix Lion Tiger Bear
Wolf Fox Panther Jaguar Cobra Viper Mustang Stallion Bison Buffalo Oak Pine Maple Willow Cedar Birch Palm
Mango Orange Lemon Lime Coconut Banana Papaya Guava Avocado Key Reef Shell Pearl Ruby Sapphire Diamond
Crystal Silver Platinum Copper Bronze Iron Steel Stone Granite Marble Brick Timber Harvest Meadow Valley
Ridge Canyon Mesa Prairie Glade Grove Orchard Garden Spring River Lake Creek Brook Bay Cove Inlet Lagoon
Marina Port Pier Dock Anchor Compass Beacon Keystone Cornerstone Capital Metro Urban City Central Northern
Southern Eastern Western Global National American United Allied First Second Third Superior Royal Regal
Imperial Crown Majestic Grand Noble Sterling Bright Clear Pure Fresh Green Blue Red White Black Gray
Amber Ivory Jade Onyx Indigo Violet Scarlet Crimson Azure Aqua Marine Ocean Wave Tide Surf Sand Dune
Breeze Wind Storm Thunder Lightning Rain Cloud Sky Star Moon Sun Solar Lunar Cosmic Galaxy Infinity
Miracle Grace Faith Hope Joy Bliss Harmony Unity Trinity Genesis Exodus Zion Bethel Shiloh Canaan
Caribbean Havana Cuba Jamaica Haiti Bahamas Andes Maya Aztec Inca Latino Hispanic Iberia Sevilla Madrid
Napoli Roma Milano Paris Lyon London Dublin Berlin Vienna Athens Cairo Delhi Mumbai Saigon Tokyo Seoul
Manila Lima Bogota Caracas Quito Santiago Rio Brasil Tango Salsa Mambo Rumba Fiesta Casa Vista Bella
Luna Sol Mar Cielo Tierra Fuego Agua Verde Azul Rojo Blanco Negro Dorado Plata Oro`
  .split(/\s+/)
  .filter(Boolean);

/**
 * People (officers and registered agents). Florida's registry names hundreds of thousands of
 * distinct surnames: the most common (Smith, Rodriguez, Garcia...) are each about 1% of people,
 * the first hundred about a fifth. So: 70% of surnames drawn from the surname list by Zipf's law
 * with exponent 0.5 (rank 1 ~1.1% of people, rank 10 ~0.4%, rank 100 ~0.1%), 30% rarer ones made
 * of syllables (the long tail); first names by Zipf (exponent 0.6) over ~150, the most common
 * ~5%. Accented names stay in, for the Latin-1 file.
 */
const PERSON_SURNAME_LIST = [
  ...new Set([...SURNAMES.map((s) => s.toUpperCase()), "O'MALLEY", "PEÑA", "MÜLLER", "DUBOIS", "COHEN", "LEVY", "SINGH", "PATEL"]),
];
const PERSON_SURNAMES = weighted(PERSON_SURNAME_LIST.map((s, i) => [s, 1 / Math.sqrt(i + 1)] as const));
const SURNAME_SYLLABLES = `al an ar bar ber bo ca car cas del di do el en es fer gal gar go ha har in
  ka kel la lan le li lo lu ma mar me mi mo na ne no o pa par pe per ra ren ri ro sa san se so ta
  ter to va vel ver vi wa wen ya zo`
  .split(/\s+/)
  .filter(Boolean);
const FIRST_NAME_LIST = `JOHN MARIA JOSE MICHAEL JENNIFER DAVID ANA JAMES PATRICIA CARLOS LINDA ROBERT ELIZABETH
  LUIS SUSAN WILLIAM YOLANDA RICHARD KAREN JUAN MARY JOSEPH BARBARA THOMAS JESSICA CHARLES SARAH
  CHRISTOPHER DANIEL NANCY MATTHEW LISA ANTHONY BETTY MARK MARGARET DONALD SANDRA STEVEN ASHLEY PAUL
  KIMBERLY ANDREW EMILY JOSHUA DONNA KENNETH MICHELLE KEVIN CAROL BRIAN AMANDA GEORGE DOROTHY TIMOTHY
  MELISSA RONALD DEBORAH EDWARD STEPHANIE JASON REBECCA JEFFREY SHARON RYAN LAURA JACOB CYNTHIA GARY
  KATHLEEN NICHOLAS AMY ERIC ANGELA JONATHAN SHIRLEY STEPHEN ANNA LARRY BRENDA JUSTIN PAMELA SCOTT EMMA
  BRANDON NICOLE BENJAMIN HELEN SAMUEL SAMANTHA GREGORY KATHERINE ALEXANDER CHRISTINE FRANK DEBRA
  RAYMOND RACHEL JACK CAROLYN DENNIS JANET JERRY CATHERINE TYLER HEATHER AARON DIANA JORGE ROSA MIGUEL
  CARMEN PEDRO GLORIA ALEJANDRO TERESA FRANCISCO SILVIA RAFAEL ISABEL ANTONIO ELENA MANUEL LUCIA
  RICARDO BEATRIZ FERNANDO ADRIANA NGOC PRIYA RENÉ JOSÉ MÓNICA FRANÇOIS RAJ MEI WEI YUKI OMAR FATIMA
  DMITRI OLGA PIERRE MARIE GIUSEPPE FRANCESCA`
  .split(/\s+/)
  .filter(Boolean);
const FIRST_NAMES = weighted(FIRST_NAME_LIST.map((n, i) => [n, 1 / (i + 1) ** 0.6] as const));

/** A person's name as the state writes it: "SURNAME, FIRST M" (a middle initial half the time). */
export function personName(r: () => number): string {
  let surname: string;
  if (r() < 0.3) {
    const parts = 2 + Math.floor(r() * 2);
    surname = Array.from({ length: parts }, () => SURNAME_SYLLABLES[Math.floor(r() * SURNAME_SYLLABLES.length)])
      .join("")
      .toUpperCase();
  } else surname = pickWeighted(PERSON_SURNAMES, r());
  const first = pickWeighted(FIRST_NAMES, r());
  return `${surname}, ${first}${r() < 0.5 ? ` ${String.fromCharCode(65 + Math.floor(r() * 26))}` : ""}`;
}

/** First words: surnames and place/trade words (~1,000 distinct). */
export const NAME_FIRST_WORDS = [...new Set([...SURNAMES, ...PLACE_AND_TRADE_WORDS])];

/** Second words: what the business does (~200). */
export const NAME_SECOND_WORDS = `Auto Repair|Logistics|Bakery|Dental Care|Construction|Realty|Plumbing|Electric|Landscaping|Marine Services|Consulting|Roofing|Pool Service|Catering|Trucking|Insurance|Pharmacy|Cleaning Services|Fitness|Imports|Tile & Stone|Air Conditioning|Medical Group|Law Group|Holdings|Ventures|Investments|Hospitality|Laundry|Printing|Boutique|Grill|Seafood|Pet Care|Tutoring|Hardware|Auto Sales|Towing|Security|Staffing|Freight|Motors|Designs|Enterprises|Group|Partners|Associates|Solutions|Services|Systems|Technologies|Software|Media|Marketing|Advertising|Studios|Productions|Entertainment|Events|Travel|Tours|Charters|Yachts|Boats|Fishing|Outfitters|Sports|Golf|Tennis|Academy|School|Learning Center|Child Care|Home Health|Senior Care|Clinic|Chiropractic|Therapy|Wellness|Spa|Salon|Barber Shop|Nails|Beauty Supply|Cosmetics|Fashion|Apparel|Jewelry|Gifts|Flowers|Florist|Nursery|Farms|Ranch|Groves|Produce|Market|Grocery|Deli|Cafe|Coffee|Pizza|Tacos|Cuisine|Kitchen|Restaurant|Bistro|Bar|Lounge|Brewing|Wine|Liquors|Tobacco|Vapor|Smoke Shop|Pawn|Check Cashing|Financial|Tax Service|Accounting|Bookkeeping|Capital|Lending|Mortgage|Title|Appraisal|Property Management|Development|Builders|Homes|Remodeling|Cabinets|Flooring|Painting|Drywall|Masonry|Concrete|Paving|Fencing|Windows|Doors|Glass|Screens|Shutters|Solar|Energy|Generators|Pest Control|Lawn Care|Tree Service|Irrigation|Septic|Excavation|Demolition|Hauling|Moving|Storage|Courier|Delivery|Transport|Limousine|Taxi|Aviation|Air|Parts|Tires|Collision|Body Shop|Detailing|Car Wash|Rentals|Equipment|Supply|Distributors|Wholesale|Trading|Export|Manufacturing|Fabrication|Welding|Machine Shop|Electronics|Computers|Wireless|Telecom|Networks|Data|Analytics|Labs|Research|Engineering|Architecture|Surveying|Environmental|Recycling|Waste|Janitorial|Maintenance|Handyman|Locksmith|Alarm|Signs|Graphics|Photography|Video|Music|Arts|Gallery|Church|Ministries|Foundation|Trust|Management|Consultants`
  .split("|");
