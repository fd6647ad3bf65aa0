// Word lists for the generated data: people, places, listings and what guests write.
// Somali names and places are well represented, as they are among the marketplace's users.

export const SOMALI_FIRST_NAMES = [
  'Abdi',
  'Abdirahman',
  'Abdullahi',
  'Ahmed',
  'Ali',
  'Amina',
  'Ayaan',
  'Asha',
  'Bashir',
  'Deeqa',
  'Fadumo',
  'Farah',
  'Faisal',
  'Guled',
  'Hamza',
  'Hassan',
  'Hawa',
  'Hibaaq',
  'Hodan',
  'Hussein',
  'Ibrahim',
  'Ifrah',
  'Ilhan',
  'Idil',
  'Jama',
  'Khadra',
  'Layla',
  'Liban',
  'Maryan',
  'Mohamed',
  'Muna',
  'Mustafe',
  'Nasra',
  'Nimco',
  'Omar',
  'Qamar',
  'Ridwan',
  'Sagal',
  'Sahra',
  'Samatar',
  'Sharmarke',
  'Ubah',
  'Warsame',
  'Yasmin',
  'Yusuf',
  'Zamzam',
  'Hamdi',
  'Mahad',
  'Najma',
  'Kaltun',
] as const;

export const SOMALI_LAST_NAMES = [
  'Abdi',
  'Aden',
  'Ahmed',
  'Ali',
  'Awale',
  'Barre',
  'Dahir',
  'Duale',
  'Egal',
  'Elmi',
  'Farah',
  'Gedi',
  'Hassan',
  'Hersi',
  'Ismail',
  'Jama',
  'Jibril',
  'Mohamed',
  'Mohamud',
  'Muse',
  'Noor',
  'Nur',
  'Osman',
  'Qalib',
  'Roble',
  'Samatar',
  'Shire',
  'Warsame',
  'Yusuf',
  'Guled',
] as const;

export const OTHER_FIRST_NAMES = [
  'Emma',
  'James',
  'Olivia',
  'Noah',
  'Sofia',
  'Lucas',
  'Grace',
  'Daniel',
  'Wanjiru',
  'Kamau',
  'Achieng',
  'Otieno',
  'Selam',
  'Dawit',
  'Meron',
  'Elif',
  'Mehmet',
  'Zeynep',
  'Fatima',
  'Omar',
  'Lena',
  'Jonas',
  'Astrid',
  'Erik',
  'Ingrid',
  'Lars',
  'Priya',
  'Arjun',
  'Chloe',
  'Ethan',
] as const;

export const OTHER_LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Martin',
  'Mwangi',
  'Odhiambo',
  'Kiptoo',
  'Tesfaye',
  'Bekele',
  'Haile',
  'Yilmaz',
  'Kaya',
  'Demir',
  'Al Mansouri',
  'Haddad',
  'Schmidt',
  'Müller',
  'Weber',
  'Andersson',
  'Lindqvist',
  'Johansen',
  'Larsen',
  'Patel',
  'Sharma',
  'Campbell',
  "O'Brien",
  'Dubois',
  'Tremblay',
] as const;

export const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'hotmail.com', 'icloud.com', 'proton.me'] as const;

export interface City {
  name: string;
  country: string;
  latitude: number;
  longitude: number;
  phoneCountryCode: string;
  districts: readonly string[];
  streets: readonly string[];
}

/** Listing cities with their centre; generated coordinates stay within a few kilometres of it. */
export const CITIES: readonly City[] = [
  {
    name: 'Mogadishu',
    country: 'Somalia',
    latitude: 2.0469,
    longitude: 45.3182,
    phoneCountryCode: '+252',
    districts: ['Hodan', 'Wadajir', 'Hamar Weyne', 'Waberi', 'Karan', 'Abdiaziz', 'Dharkenley'],
    streets: ['Maka Al Mukarama Road', 'Jidka Warshadaha', 'Taleex Street', 'Wadnaha Road', 'Afgooye Road'],
  },
  {
    name: 'Hargeisa',
    country: 'Somalia',
    latitude: 9.5624,
    longitude: 44.077,
    phoneCountryCode: '+252',
    districts: ['Jigjiga Yar', 'Koodbuur', 'Ahmed Dhagah', 'Mohamed Mooge', '26 June'],
    streets: ['Independence Avenue', 'Road Number 1', 'Masalaha Road', 'Khayriyada Street'],
  },
  {
    name: 'Kismayo',
    country: 'Somalia',
    latitude: -0.3582,
    longitude: 42.5454,
    phoneCountryCode: '+252',
    districts: ['Farjano', 'Calanley', 'Shaqaalaha', 'Fanole'],
    streets: ['Beach Road', 'Airport Road', 'Port Street'],
  },
  {
    name: 'Garowe',
    country: 'Somalia',
    latitude: 8.4054,
    longitude: 48.4845,
    phoneCountryCode: '+252',
    districts: ['Hawlwadaag', 'Waberi', 'Israac'],
    streets: ['Garowe-Bosaso Road', 'Market Street', 'Hospital Road'],
  },
  {
    name: 'Bosaso',
    country: 'Somalia',
    latitude: 11.2842,
    longitude: 49.1816,
    phoneCountryCode: '+252',
    districts: ['Raf Iyo Rug', 'Bulo Elay', 'Laanta Hawada'],
    streets: ['Port Road', 'Airport Road', 'Golden Street'],
  },
  {
    name: 'Nairobi',
    country: 'Kenya',
    latitude: -1.2864,
    longitude: 36.8172,
    phoneCountryCode: '+254',
    districts: ['Eastleigh', 'Westlands', 'Kilimani', 'South C', 'Lavington', 'Kileleshwa'],
    streets: ['First Avenue', 'Ngong Road', 'Waiyaki Way', 'Argwings Kodhek Road', 'General Waruinge Street'],
  },
  {
    name: 'Mombasa',
    country: 'Kenya',
    latitude: -4.0435,
    longitude: 39.6682,
    phoneCountryCode: '+254',
    districts: ['Nyali', 'Old Town', 'Bamburi', 'Tudor'],
    streets: ['Links Road', 'Moi Avenue', 'Digo Road'],
  },
  {
    name: 'Addis Ababa',
    country: 'Ethiopia',
    latitude: 9.0192,
    longitude: 38.7525,
    phoneCountryCode: '+251',
    districts: ['Bole', 'Kazanchis', 'Piassa', 'CMC'],
    streets: ['Bole Road', 'Africa Avenue', 'Churchill Avenue'],
  },
  {
    name: 'Djibouti',
    country: 'Djibouti',
    latitude: 11.5721,
    longitude: 43.1456,
    phoneCountryCode: '+253',
    districts: ['Plateau du Serpent', 'Héron', 'Quartier 7'],
    streets: ['Avenue Nasser', 'Rue de Marseille', 'Boulevard de la République'],
  },
  {
    name: 'Dubai',
    country: 'United Arab Emirates',
    latitude: 25.2048,
    longitude: 55.2708,
    phoneCountryCode: '+971',
    districts: ['Deira', 'Al Barsha', 'Jumeirah', 'Business Bay', 'Al Nahda'],
    streets: ['Al Rigga Road', 'Sheikh Zayed Road', 'Al Wasl Road', 'Baniyas Road'],
  },
  {
    name: 'Istanbul',
    country: 'Turkey',
    latitude: 41.0082,
    longitude: 28.9784,
    phoneCountryCode: '+90',
    districts: ['Fatih', 'Beyoğlu', 'Kadıköy', 'Üsküdar'],
    streets: ['İstiklal Caddesi', 'Bağdat Caddesi', 'Divan Yolu'],
  },
  {
    name: 'London',
    country: 'United Kingdom',
    latitude: 51.5072,
    longitude: -0.1276,
    phoneCountryCode: '+44',
    districts: ['Camden', 'Tower Hamlets', 'Ealing', 'Southwark', 'Greenwich'],
    streets: ['Whitechapel Road', 'Uxbridge Road', 'Old Kent Road', 'Camden High Street'],
  },
  {
    name: 'Minneapolis',
    country: 'United States',
    latitude: 44.9778,
    longitude: -93.265,
    phoneCountryCode: '+1',
    districts: ['Cedar-Riverside', 'Phillips', 'Uptown', 'Northeast'],
    streets: ['Cedar Avenue', 'Lake Street', 'Riverside Avenue', 'Hennepin Avenue'],
  },
  {
    name: 'Columbus',
    country: 'United States',
    latitude: 39.9612,
    longitude: -82.9988,
    phoneCountryCode: '+1',
    districts: ['Northland', 'Short North', 'German Village'],
    streets: ['Morse Road', 'High Street', 'Cleveland Avenue'],
  },
  {
    name: 'Toronto',
    country: 'Canada',
    latitude: 43.6532,
    longitude: -79.3832,
    phoneCountryCode: '+1',
    districts: ['Rexdale', 'Etobicoke', 'Scarborough', 'Downtown'],
    streets: ['Dixon Road', 'Kipling Avenue', 'Queen Street West', 'Kingston Road'],
  },
  {
    name: 'Stockholm',
    country: 'Sweden',
    latitude: 59.3293,
    longitude: 18.0686,
    phoneCountryCode: '+46',
    districts: ['Rinkeby', 'Södermalm', 'Kista', 'Östermalm'],
    streets: ['Drottninggatan', 'Götgatan', 'Kistagången'],
  },
  {
    name: 'Oslo',
    country: 'Norway',
    latitude: 59.9139,
    longitude: 10.7522,
    phoneCountryCode: '+47',
    districts: ['Grønland', 'Frogner', 'Stovner', 'Tøyen'],
    streets: ['Karl Johans gate', 'Tøyengata', 'Bygdøy allé'],
  },
  {
    name: 'Berlin',
    country: 'Germany',
    latitude: 52.52,
    longitude: 13.405,
    phoneCountryCode: '+49',
    districts: ['Kreuzberg', 'Neukölln', 'Mitte', 'Wedding'],
    streets: ['Sonnenallee', 'Oranienstraße', 'Müllerstraße'],
  },
];

/** Most listings are in Somalia; the rest follow the diaspora. */
export const CITY_WEIGHTS: Readonly<Record<string, number>> = {
  Mogadishu: 30,
  Hargeisa: 14,
  Kismayo: 6,
  Garowe: 5,
  Bosaso: 5,
  Nairobi: 9,
  Mombasa: 3,
  'Addis Ababa': 3,
  Djibouti: 3,
  Dubai: 5,
  Istanbul: 3,
  London: 3,
  Minneapolis: 3,
  Columbus: 2,
  Toronto: 2,
  Stockholm: 2,
  Oslo: 1,
  Berlin: 1,
};

export const PROPERTY_TYPES = ['Apartment', 'House', 'Villa', 'Guesthouse', 'Studio', 'Townhouse'] as const;
export const PLACE_TYPES = ['Entire place', 'Private room', 'Shared room'] as const;

export const TITLE_ADJECTIVES = [
  'Sunny',
  'Quiet',
  'Spacious',
  'Cosy',
  'Modern',
  'Bright',
  'Family',
  'Elegant',
  'Breezy',
  'Charming',
  'Secure',
  'Central',
] as const;

export const TITLE_NOUNS = ['Apartment', 'Villa', 'Guesthouse', 'Studio', 'Townhouse', 'Family Home', 'Loft', 'Garden Flat', 'Penthouse', 'Suite'] as const;

export const TITLE_FEATURES = [
  'near the beach',
  'with rooftop terrace',
  'close to the airport',
  'with sea view',
  'in a gated compound',
  'near the market',
  'with garden',
  'with fast Wi-Fi',
  'by the university',
  'with private parking',
] as const;

export const DESCRIPTION_OPENINGS = [
  'A welcoming home for families and business travellers alike.',
  'Freshly renovated and furnished with care.',
  'Our place is in a calm, safe neighbourhood where everyone knows each other.',
  'Ideal for a short stay while visiting relatives.',
  'Wake up to the sea breeze and the call to prayer from the nearby mosque.',
  'Perfect for diaspora visitors coming home for the summer.',
] as const;

export const DESCRIPTION_DETAILS = [
  'There are two bedrooms with air conditioning, a full kitchen and a shaded courtyard.',
  'Generator backup keeps the power on, and water is available around the clock.',
  'Restaurants, a pharmacy and the main market are a short walk away.',
  'The host lives nearby and can arrange airport pickup on request.',
  'Guests enjoy a large living room, a prayer space and a rooftop with city views.',
  'Security guards are on site day and night.',
  'Fast internet and a quiet desk make remote work easy.',
] as const;

export const FEEDBACK_COMMENTS = [
  'Great app, booking was quick and easy.',
  'The host was very welcoming and the place was spotless.',
  'Payment failed twice before it went through.',
  'Mahadsanid! Everything went smoothly from booking to checkout.',
  'I love the promo code offers, saved a lot on my stay in Hargeisa.',
  'Chat with the host was helpful, they answered within minutes.',
  'The listing photos did not match the actual apartment.',
  'Would be nice to filter by neighbourhood.',
  'Booked a villa in Mogadishu for my family visit this summer. The house was exactly as described, the host picked us up from Aden Adde airport and even helped us get local SIM cards. The only issue was a short power cut one evening, but the generator kicked in quickly. Highly recommended!',
  'I have used several booking apps, and this one is by far the easiest for finding places in Somalia. Verified listings give me confidence, and the reviews from other guests were accurate. Please add more payment options such as EVC Plus and Zaad directly in the app, that would make it perfect for everyone.',
  'The check-in was delayed because the host did not receive the notification. Support resolved it after an hour, and they offered a discount for the next stay, which I appreciated. Still, I would like to see the check-in instructions inside the booking details so that guests are not left waiting outside.',
  'Excellent stay in Nairobi, Eastleigh. Clean rooms, friendly neighbours, and very close to the shops.',
  'Cancellation took too long to refund.',
  'Simple, clean and works well in Somali too. Waa app fiican!',
  'Stayed three weeks in Dubai with my kids. The apartment was spacious, the pool was clean, and the building staff were kind. The booking confirmation arrived instantly and the host kept in touch the whole time. We will certainly use the app again for our trip to Kismayo next year, inshallah.',
  'Good prices, but I wish there were more listings in Garowe.',
] as const;

export const ABOUT_TEXTS = [
  'Family-run hospitality since 2015.',
  'I love meeting travellers and sharing the best of my city.',
  'Diaspora returnee, happy to help guests feel at home.',
  'Teacher by day, host on weekends.',
  'Small business owner with a few well-kept apartments.',
] as const;

export const MESSAGE_FROM_USER = [
  'Hello, I have a question about my booking.',
  'Is airport pickup included?',
  'My listing has been pending for three days, can you check it?',
  'How do I add more photos to my property?',
  'The guest has not paid yet, what should I do?',
  'Can I change my check-in date?',
  'Thank you for the quick help!',
  'When will my payout arrive?',
  'Is the promo code still valid this month?',
  'Please call me back when you can.',
] as const;

export const MESSAGE_FROM_ADMIN = [
  'Hello! Thanks for reaching out, how can we help?',
  'We have reviewed your listing, it will be approved today.',
  'Your payout is scheduled for Friday.',
  'Yes, you can change the dates from the booking screen.',
  'Please upload at least five photos of the property.',
  'The promo code is valid until the end of October.',
  'We are looking into it and will get back to you shortly.',
] as const;

export const DECLINE_REASONS = [
  'Photos do not show the property clearly.',
  'Address could not be verified.',
  'Duplicate of an existing listing.',
  'Price looks incorrect.',
] as const;

/** Reasons staff gave when declining a listing or a property (the audit trail of a volume seed). */
export const AUDIT_DECLINE_REASONS = [
  ...DECLINE_REASONS,
  'Photos are blurry or too dark.',
  'Title contains a phone number.',
  'Missing the house rules.',
  'The property is outside our service area.',
  'Host identity is not verified yet.',
  'Description copied from another site.',
  'Requested changes were not made.',
  'Amenities listed do not match the photos.',
] as const;

export const ID_TYPES = ['Passport', 'National ID', "Driver's License"] as const;

/** Files in public/demo, generated by scripts/generate-demo-images.mjs. */
const DEMO_PROPERTY_IMAGE_COUNT = 12;
const DEMO_AVATAR_COUNT = 10;
const DEMO_ID_DOCUMENT_COUNT = 3;

export function demoPropertyImageUrl(index: number): string {
  return `/demo/property-${String((index % DEMO_PROPERTY_IMAGE_COUNT) + 1).padStart(2, '0')}.svg`;
}

export function demoAvatarUrl(index: number): string {
  return `/demo/avatar-${String((index % DEMO_AVATAR_COUNT) + 1).padStart(2, '0')}.svg`;
}

export function demoIdDocumentUrl(index: number): string {
  return `/demo/id-document-${(index % DEMO_ID_DOCUMENT_COUNT) + 1}.svg`;
}
