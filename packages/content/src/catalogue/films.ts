import {
  csa,
  CSA,
  type CsaRating,
  dayAfter,
  localized,
  programmeFor,
  publication,
  t,
  type Window,
} from './common.js';
import { DEMO_CLEARKEY_PROGRAMME, DEMO_TRAILER_STREAMS } from '../media/plan.js';
import {
  badgeTag,
  type Badge,
  type Category,
  categoryTag,
  keywordTag,
  type Keyword,
  type Origin,
  ORIGIN_COUNTRY,
  originTag,
  type Subcategory,
  subcategoryTag,
} from './tags.js';
import type { Asset, Texts } from './types.js';

/** A film, defined once: its five titles and one-sentence descriptions, then its facts. */
interface Film {
  id: string;
  title: Texts;
  description: Texts;
  year: number;
  origin: Origin;
  category: Category;
  subcategory: Subcategory;
  rating: CsaRating;
  director: string;
  cast: string[];
  minutes: number;
  badge?: Badge;
  keyword?: Keyword;
  window?: Window;
  countries?: string[];
  products?: string[];
  trailer?: boolean;
  /** The demo stream it plays, when not the one its position gives (the encrypted programme). */
  programme?: typeof DEMO_CLEARKEY_PROGRAMME;
}

const {
  TOUS_PUBLICS: TP,
  MOINS_10: M10,
  DECONSEILLE_12: D12,
  INTERDIT_12: I12,
  ACCORD_PARENTAL_12: A12,
  MOINS_16: M16,
  MOINS_18: M18,
} = CSA;

/* prettier-ignore */
export const FILMS: Film[] = [
  { id: 'film-ete-a-dakar', year: 2024, origin: 'senegal', category: 'cinema', subcategory: 'comedie', rating: TP, director: 'Awa Diop', cast: ['Moussa Ndiaye', 'Fatou Sarr'], minutes: 98, badge: 'nouveaute', trailer: true, keyword: 'ville',
    title: t("L'Été à Dakar", 'Summer in Dakar', 'Sommer in Dakar', 'Verano en Dakar', 'صيف في داكار'),
    description: t("Trois amis d'enfance relancent la radio pirate de leur quartier de la Médina.", 'Three childhood friends revive the pirate radio of their Medina neighbourhood.', 'Drei Jugendfreunde lassen das Piratenradio ihres Viertels in der Medina wieder aufleben.', 'Tres amigos de la infancia reviven la radio pirata de su barrio de la Medina.', 'ثلاثة أصدقاء طفولة يعيدون إطلاق الإذاعة القرصانة في حيّهم بالمدينة القديمة.') },
  { id: 'film-neige-sur-montreal', year: 2023, origin: 'quebec', category: 'cinema', subcategory: 'drame', rating: D12, director: 'Julien Tremblay', cast: ['Marie-Ève Gagnon', 'Samuel Côté'], minutes: 112, trailer: true,
    title: t('Neige sur Montréal', 'Snow over Montreal', 'Schnee über Montreal', 'Nieve sobre Montreal', 'ثلج على مونتريال'),
    description: t("Pendant la grande tempête de 1998, une infirmière traverse la ville pour retrouver son frère.", 'During the great ice storm of 1998, a nurse crosses the city to find her brother.', 'Während des großen Eissturms von 1998 durchquert eine Krankenschwester die Stadt, um ihren Bruder zu finden.', 'Durante la gran tormenta de hielo de 1998, una enfermera cruza la ciudad para encontrar a su hermano.', 'خلال العاصفة الجليدية الكبرى عام 1998 تعبر ممرضة المدينة بحثاً عن أخيها.') },
  { id: 'film-les-nuits-d-abidjan', year: 2022, origin: 'cote-divoire', category: 'cinema', subcategory: 'policier', rating: M16, director: 'Koffi Kouassi', cast: ['Aya Traoré', 'Didier Bamba'], minutes: 105, trailer: true, keyword: 'ville',
    title: t("Les Nuits d'Abidjan", 'Abidjan Nights', 'Nächte in Abidjan', 'Noches de Abiyán', 'ليالي أبيدجان'),
    description: t("Une commissaire de Treichville enquête sur un trafic de faux billets dans les maquis de la ville.", 'A Treichville police chief investigates counterfeit money in the city\'s open-air bars.', 'Eine Kommissarin aus Treichville ermittelt gegen Falschgeldhändler in den Freiluftkneipen der Stadt.', 'Una comisaria de Treichville investiga una red de billetes falsos en los bares de la ciudad.', 'مفوضة شرطة من تريشفيل تحقق في تهريب أوراق نقدية مزيفة في حانات المدينة.') },
  { id: 'film-le-tram-de-bruxelles', year: 2021, origin: 'belgique', category: 'cinema', subcategory: 'comedie', rating: TP, director: 'Lieve Peeters', cast: ['Arnaud Dubois', 'Sofia El Amrani'], minutes: 91,
    title: t('Le Tram de Bruxelles', 'The Brussels Tram', 'Die Straßenbahn von Brüssel', 'El tranvía de Bruselas', 'ترام بروكسل'),
    description: t("Un conducteur de tram à la veille de la retraite embarque ses passagers dans un dernier voyage improvisé.", 'A tram driver on the eve of retirement takes his passengers on one last improvised journey.', 'Ein Straßenbahnfahrer kurz vor der Rente nimmt seine Fahrgäste mit auf eine letzte improvisierte Fahrt.', 'Un conductor de tranvía a punto de jubilarse lleva a sus pasajeros en un último viaje improvisado.', 'سائق ترام على أبواب التقاعد يأخذ ركابه في رحلة أخيرة مرتجلة.') },
  { id: 'film-vent-du-vieux-port', year: 2024, origin: 'france', category: 'cinema', subcategory: 'thriller', rating: I12, director: 'Nadia Benali', cast: ['Karim Haddad', 'Léa Marchetti'], minutes: 118, badge: 'nouveaute', trailer: true, keyword: 'mer',
    title: t('Le Vent du Vieux-Port', 'Old Port Wind', 'Wind über dem Alten Hafen', 'El viento del Puerto Viejo', 'رياح الميناء القديم'),
    description: t("À Marseille, un pêcheur découvre une cargaison suspecte et devient la cible d'un clan.", 'In Marseille, a fisherman finds a suspicious cargo and becomes the target of a clan.', 'In Marseille entdeckt ein Fischer eine verdächtige Ladung und wird zur Zielscheibe eines Clans.', 'En Marsella, un pescador descubre un cargamento sospechoso y se convierte en blanco de un clan.', 'في مرسيليا يكتشف صياد شحنة مريبة فيصبح هدفاً لعصابة.') },
  { id: 'film-jasmin-de-tunis', year: 2020, origin: 'tunisie', category: 'cinema', subcategory: 'romance', rating: TP, director: 'Leïla Ben Ammar', cast: ['Yassine Trabelsi', 'Ines Chaabane'], minutes: 101, trailer: true,
    title: t('Jasmin de Tunis', 'Jasmine of Tunis', 'Jasmin aus Tunis', 'Jazmín de Túnez', 'ياسمين تونس'),
    description: t("Dans la médina de Tunis, une parfumeuse et un luthier s'aiment en secret pendant un été brûlant.", 'In the Tunis medina, a perfumer and a lute maker fall in love in secret during a scorching summer.', 'In der Medina von Tunis verlieben sich eine Parfümeurin und ein Lautenbauer heimlich in einem heißen Sommer.', 'En la medina de Túnez, una perfumista y un lutier se aman en secreto durante un verano abrasador.', 'في مدينة تونس العتيقة تقع صانعة عطور وصانع أعواد في حب سري خلال صيف حارق.') },
  { id: 'film-fleuve-congo', year: 2019, origin: 'rdc', category: 'cinema', subcategory: 'aventure', rating: M10, director: 'Patrick Mbala', cast: ['Grace Kabila Nsimba', 'Junior Lukusa'], minutes: 124, keyword: 'exil',
    title: t('Fleuve Congo', 'Congo River', 'Kongostrom', 'Río Congo', 'نهر الكونغو'),
    description: t("De Kinshasa à Kisangani, un vieux bateau porte des passagers qui fuient chacun quelque chose.", 'From Kinshasa to Kisangani, an old riverboat carries passengers who are each running from something.', 'Von Kinshasa nach Kisangani trägt ein altes Flussboot Passagiere, die alle vor etwas fliehen.', 'De Kinsasa a Kisangani, un viejo barco lleva pasajeros que huyen cada uno de algo.', 'من كينشاسا إلى كيسانغاني يحمل قارب قديم ركاباً يهرب كل منهم من شيء ما.') },
  { id: 'film-au-bord-du-leman', year: 2022, origin: 'suisse', category: 'cinema', subcategory: 'drame', rating: D12, director: 'Claire Favre', cast: ['Mathieu Rochat', 'Élodie Perret'], minutes: 96,
    title: t('Au bord du Léman', 'By Lake Geneva', 'Am Genfersee', 'A orillas del Lemán', 'على ضفاف بحيرة ليمان'),
    description: t("Un diplomate genevois à la retraite reçoit la visite d'une fille dont il ignorait l'existence.", 'A retired Geneva diplomat is visited by a daughter he never knew he had.', 'Ein pensionierter Genfer Diplomat bekommt Besuch von einer Tochter, von der er nichts wusste.', 'Un diplomático ginebrino jubilado recibe la visita de una hija cuya existencia ignoraba.', 'دبلوماسي متقاعد من جنيف تزوره ابنة لم يكن يعلم بوجودها.') },
  { id: 'film-beyrouth-minuit', year: 2023, origin: 'liban', category: 'cinema', subcategory: 'drame', rating: I12, director: 'Rami Khoury', cast: ['Nour Haddad', 'Georges Saliba'], minutes: 109, trailer: true,
    title: t('Beyrouth, minuit', 'Beirut, Midnight', 'Beirut, Mitternacht', 'Beirut, medianoche', 'بيروت، منتصف الليل'),
    description: t("Une chauffeuse de taxi de Beyrouth traverse une nuit de coupures de courant et de rencontres.", 'A Beirut taxi driver lives through a night of power cuts and chance encounters.', 'Eine Taxifahrerin in Beirut erlebt eine Nacht voller Stromausfälle und Begegnungen.', 'Una taxista de Beirut atraviesa una noche de apagones y encuentros.', 'سائقة أجرة في بيروت تعيش ليلة من انقطاع الكهرباء واللقاءات.') },
  { id: 'film-port-au-prince-blues', year: 2021, origin: 'haiti', category: 'musique', subcategory: 'jazz', rating: TP, director: 'Jean-Robert Pierre', cast: ['Mireille Joseph', 'Stanley Désir'], minutes: 88,
    title: t('Port-au-Prince Blues', 'Port-au-Prince Blues', 'Port-au-Prince-Blues', 'Blues de Puerto Príncipe', 'بلوز بورت أو برنس'),
    description: t("Un saxophoniste revient en Haïti pour reformer le groupe de compas de son père.", 'A saxophonist returns to Haiti to reform his father\'s kompa band.', 'Ein Saxofonist kehrt nach Haiti zurück, um die Kompa-Band seines Vaters neu zu gründen.', 'Un saxofonista vuelve a Haití para reunir la banda de compás de su padre.', 'عازف ساكسفون يعود إلى هايتي ليعيد تأسيس فرقة الكومبا التي أسسها والده.') },
  { id: 'film-la-route-de-fes', year: 2018, origin: 'maroc', category: 'cinema', subcategory: 'aventure', rating: TP, director: 'Youssef Alaoui', cast: ['Salma Bennani', 'Omar Idrissi'], minutes: 103, window: 'expired',
    title: t('La Route de Fès', 'The Road to Fez', 'Die Straße nach Fès', 'El camino a Fez', 'الطريق إلى فاس'),
    description: t("Deux sœurs traversent le Maroc en camionnette pour rendre un manuscrit ancien à sa bibliothèque.", 'Two sisters cross Morocco in a van to return an ancient manuscript to its library.', 'Zwei Schwestern durchqueren Marokko im Lieferwagen, um eine alte Handschrift zurückzubringen.', 'Dos hermanas cruzan Marruecos en furgoneta para devolver un manuscrito antiguo a su biblioteca.', 'أختان تعبران المغرب في شاحنة صغيرة لإعادة مخطوطة قديمة إلى مكتبتها.') },
  { id: 'film-douala-express', year: 2024, origin: 'cameroun', category: 'cinema', subcategory: 'thriller', rating: M16, director: 'Serge Ekambi', cast: ['Brenda Ngo', 'Franck Essomba'], minutes: 97, badge: 'nouveaute', products: ['location'],
    title: t('Douala Express', 'Douala Express', 'Douala-Express', 'Expreso Douala', 'قطار دوالا السريع'),
    description: t("Un chauffeur de moto-taxi se retrouve avec une valise qui intéresse toute la ville de Douala.", 'A motorbike-taxi driver ends up with a suitcase the whole of Douala wants.', 'Ein Mototaxi-Fahrer landet mit einem Koffer, hinter dem ganz Douala her ist.', 'Un mototaxista se queda con una maleta que toda Douala quiere.', 'سائق دراجة أجرة يجد نفسه مع حقيبة تريدها مدينة دوالا بأكملها.') },
  { id: 'film-le-dernier-griot', year: 2017, origin: 'senegal', category: 'documentaires', subcategory: 'histoire', rating: TP, director: 'Mamadou Fall', cast: ['Boubacar Cissé'], minutes: 84, keyword: 'francophonie',
    title: t('Le Dernier Griot', 'The Last Griot', 'Der letzte Griot', 'El último griot', 'آخر الغريو'),
    description: t("Portrait d'un conteur de Saint-Louis qui transmet à sa petite-fille l'histoire de toute une région.", 'Portrait of a Saint-Louis storyteller passing a whole region\'s history to his granddaughter.', 'Porträt eines Erzählers aus Saint-Louis, der seiner Enkelin die Geschichte einer ganzen Region weitergibt.', 'Retrato de un narrador de Saint-Louis que transmite a su nieta la historia de toda una región.', 'صورة لراوٍ من سان لويس ينقل إلى حفيدته تاريخ منطقة بأكملها.') },
  { id: 'film-les-glaces-du-nord', year: 2022, origin: 'quebec', category: 'documentaires', subcategory: 'nature', rating: TP, director: 'Annie Bouchard', cast: ['Louis-Philippe Roy'], minutes: 78, trailer: true,
    // The ClearKey demo: free, tous publics, so any visitor who signs in can play the encrypted stream.
    programme: DEMO_CLEARKEY_PROGRAMME,
    title: t('Les Glaces du Nord', 'Northern Ice', 'Das Eis des Nordens', 'Los hielos del norte', 'جليد الشمال'),
    description: t("Un hiver avec les gardiens du parc de la Gaspésie, entre caribous et tempêtes.", 'A winter with the rangers of Gaspésie park, among caribou and storms.', 'Ein Winter mit den Rangern des Gaspésie-Parks zwischen Karibus und Stürmen.', 'Un invierno con los guardas del parque de Gaspésie, entre caribúes y tormentas.', 'شتاء مع حراس حديقة غاسبيزي بين حيوانات الرنة والعواصف.') },
  { id: 'film-la-grande-muraille-verte', year: 2023, origin: 'senegal', category: 'documentaires', subcategory: 'nature', rating: TP, director: 'Aminata Sow', cast: ['Ibrahima Ba'], minutes: 82, badge: 'nouveaute',
    title: t('La Grande Muraille verte', 'The Great Green Wall', 'Die Große Grüne Mauer', 'La Gran Muralla Verde', 'السور الأخضر العظيم'),
    description: t("Du Sénégal à Djibouti, des villageois plantent des arbres pour arrêter le désert.", 'From Senegal to Djibouti, villagers plant trees to stop the desert.', 'Vom Senegal bis Dschibuti pflanzen Dorfbewohner Bäume, um die Wüste aufzuhalten.', 'De Senegal a Yibuti, los aldeanos plantan árboles para frenar el desierto.', 'من السنغال إلى جيبوتي يزرع القرويون الأشجار لوقف زحف الصحراء.') },
  { id: 'film-carthage-retrouvee', year: 2021, origin: 'tunisie', category: 'documentaires', subcategory: 'histoire', rating: TP, director: 'Hichem Mansour', cast: ['Sonia Ayari'], minutes: 90,
    title: t('Carthage retrouvée', 'Carthage Rediscovered', 'Karthago wiederentdeckt', 'Cartago redescubierta', 'قرطاج المستعادة'),
    description: t("Des archéologues tunisiens reconstituent en images la vie quotidienne du port punique.", 'Tunisian archaeologists rebuild daily life in the Punic harbour.', 'Tunesische Archäologen rekonstruieren den Alltag im punischen Hafen.', 'Arqueólogos tunecinos reconstruyen la vida cotidiana del puerto púnico.', 'علماء آثار تونسيون يعيدون بناء الحياة اليومية في الميناء البوني.') },
  { id: 'film-le-chocolat-de-bruxelles', year: 2020, origin: 'belgique', category: 'art-de-vivre', subcategory: 'cuisine', rating: TP, director: 'Marc Janssens', cast: ['Hélène Wouters'], minutes: 70,
    title: t('Le Chocolat de Bruxelles', 'Brussels Chocolate', 'Brüsseler Schokolade', 'El chocolate de Bruselas', 'شوكولاتة بروكسل'),
    description: t("Des plantations de Côte d'Ivoire aux ateliers du Sablon, le voyage d'une fève.", 'From Ivorian plantations to the workshops of the Sablon, the journey of a cocoa bean.', 'Von ivorischen Plantagen bis in die Werkstätten am Sablon: die Reise einer Kakaobohne.', 'De las plantaciones marfileñas a los talleres del Sablon, el viaje de un grano de cacao.', 'من مزارع ساحل العاج إلى ورش حي السابلون، رحلة حبة كاكاو.') },
  { id: 'film-les-sapeurs-de-kinshasa', year: 2019, origin: 'rdc', category: 'documentaires', subcategory: 'societe', rating: TP, director: 'Christelle Mulumba', cast: ['Papa Wemba Junior'], minutes: 75, countries: ['FR', 'BE', 'CH', 'CD', 'CA'],
    title: t('Les Sapeurs de Kinshasa', 'The Sapeurs of Kinshasa', 'Die Sapeurs von Kinshasa', 'Los sapeurs de Kinsasa', 'أنيقو كينشاسا'),
    description: t("Une année avec les dandys de la Sape, leurs défilés et leurs rivalités élégantes.", 'A year with the dandies of La Sape, their parades and elegant rivalries.', 'Ein Jahr mit den Dandys der Sape, ihren Umzügen und eleganten Rivalitäten.', 'Un año con los dandis de la Sape, sus desfiles y sus rivalidades elegantes.', 'عام مع أنيقي حركة السابّ واستعراضاتهم ومنافساتهم الأنيقة.') },
  { id: 'film-geneve-ville-monde', year: 2022, origin: 'suisse', category: 'documentaires', subcategory: 'societe', rating: TP, director: 'Pierre Zufferey', cast: ['Anne-Laure Berset'], minutes: 66,
    title: t('Genève, ville-monde', 'Geneva, World City', 'Genf, Weltstadt', 'Ginebra, ciudad mundo', 'جنيف، مدينة العالم'),
    description: t("Interprètes, diplomates et réfugiés racontent la ville aux cent quatre-vingts nationalités.", 'Interpreters, diplomats and refugees describe the city of one hundred and eighty nationalities.', 'Dolmetscher, Diplomaten und Geflüchtete erzählen von der Stadt mit hundertachtzig Nationalitäten.', 'Intérpretes, diplomáticos y refugiados cuentan la ciudad de ciento ochenta nacionalidades.', 'مترجمون ودبلوماسيون ولاجئون يروون المدينة ذات المئة والثمانين جنسية.') },
  { id: 'film-cedres-du-liban', year: 2018, origin: 'liban', category: 'documentaires', subcategory: 'nature', rating: TP, director: 'Maya Nassar', cast: ['Elie Aoun'], minutes: 72, window: 'expired',
    title: t('Les Cèdres du Liban', 'The Cedars of Lebanon', 'Die Zedern des Libanon', 'Los cedros del Líbano', 'أرز لبنان'),
    description: t("Des forestiers de la vallée de la Qadisha protègent des arbres millénaires.", 'Foresters of the Qadisha valley protect thousand-year-old trees.', 'Förster im Qadisha-Tal schützen jahrtausendealte Bäume.', 'Guardabosques del valle de Qadisha protegen árboles milenarios.', 'حراس غابات وادي قاديشا يحمون أشجاراً عمرها آلاف السنين.') },
  { id: 'film-le-petit-baobab', year: 2023, origin: 'senegal', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Khady Mbaye', cast: ['Ndeye Gueye', 'Lamine Diallo'], minutes: 74, trailer: true, keyword: 'famille',
    title: t('Le Petit Baobab', 'The Little Baobab', 'Der kleine Baobab', 'El pequeño baobab', 'الباوباب الصغير'),
    description: t("Un jeune baobab qui rêve de voyager part à la découverte de la savane avec un calao bavard.", 'A young baobab who dreams of travelling explores the savannah with a chatty hornbill.', 'Ein junger Baobab, der vom Reisen träumt, erkundet mit einem geschwätzigen Nashornvogel die Savanne.', 'Un joven baobab que sueña con viajar descubre la sabana con un cálao parlanchín.', 'شجرة باوباب صغيرة تحلم بالسفر تستكشف السافانا مع طائر أبوقرن ثرثار.') },
  { id: 'film-mimi-et-le-castor', year: 2022, origin: 'quebec', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Sophie Lavoie', cast: ['Rosalie Pelletier'], minutes: 68, keyword: 'famille',
    title: t('Mimi et le Castor', 'Mimi and the Beaver', 'Mimi und der Biber', 'Mimí y el castor', 'ميمي والقندس'),
    description: t("Une fillette de Trois-Rivières aide un castor à sauver son barrage avant le dégel.", 'A girl from Trois-Rivières helps a beaver save its dam before the thaw.', 'Ein Mädchen aus Trois-Rivières hilft einem Biber, seinen Damm vor dem Tauwetter zu retten.', 'Una niña de Trois-Rivières ayuda a un castor a salvar su presa antes del deshielo.', 'فتاة من تروا ريفيير تساعد قندساً على إنقاذ سده قبل ذوبان الجليد.') },
  { id: 'film-les-pirates-de-la-lagune', year: 2021, origin: 'cote-divoire', category: 'jeunesse', subcategory: 'aventure', rating: TP, director: 'Alain Gnagne', cast: ['Kevin Yao', 'Mariam Koné'], minutes: 80,
    title: t('Les Pirates de la lagune', 'The Lagoon Pirates', 'Die Piraten der Lagune', 'Los piratas de la laguna', 'قراصنة البحيرة'),
    description: t("Une bande d'enfants d'Abidjan construit un radeau pour retrouver un trésor dans la lagune Ébrié.", 'A gang of Abidjan kids builds a raft to find a treasure in the Ébrié lagoon.', 'Eine Kinderbande aus Abidjan baut ein Floß, um einen Schatz in der Ébrié-Lagune zu finden.', 'Una pandilla de niños de Abiyán construye una balsa para buscar un tesoro en la laguna Ébrié.', 'مجموعة أطفال من أبيدجان تبني طوفاً للبحث عن كنز في بحيرة إبريه.') },
  { id: 'film-le-robot-de-liege', year: 2024, origin: 'belgique', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Tom Lambert', cast: ['Zoé Hermans'], minutes: 77, badge: 'nouveaute', trailer: true,
    title: t('Le Robot de Liège', 'The Robot of Liège', 'Der Roboter von Lüttich', 'El robot de Lieja', 'روبوت لييج'),
    description: t("Un robot fabriqué dans un vieil atelier liégeois veut apprendre à faire des gaufres.", 'A robot built in an old Liège workshop wants to learn to make waffles.', 'Ein in einer alten Lütticher Werkstatt gebauter Roboter will Waffeln backen lernen.', 'Un robot fabricado en un viejo taller de Lieja quiere aprender a hacer gofres.', 'روبوت صُنع في ورشة قديمة في لييج يريد أن يتعلم صنع الوافل.') },
  { id: 'film-la-caravane-des-etoiles', year: 2020, origin: 'maroc', category: 'jeunesse', subcategory: 'aventure', rating: M10, director: 'Amine Tazi', cast: ['Rania Lahlou', 'Adam Berrada'], minutes: 85,
    title: t('La Caravane des étoiles', 'The Star Caravan', 'Die Sternenkarawane', 'La caravana de las estrellas', 'قافلة النجوم'),
    description: t("Deux enfants suivent une caravane dans le désert de Merzouga pour observer une éclipse.", 'Two children follow a caravan in the Merzouga desert to watch an eclipse.', 'Zwei Kinder folgen einer Karawane in der Wüste von Merzouga, um eine Finsternis zu beobachten.', 'Dos niños siguen una caravana por el desierto de Merzouga para ver un eclipse.', 'طفلان يتبعان قافلة في صحراء مرزوكة لمشاهدة كسوف.') },
  { id: 'film-kiki-la-tortue', year: 2019, origin: 'haiti', category: 'jeunesse', subcategory: 'animation', rating: TP, director: 'Nathalie Étienne', cast: ['Lovely Jean-Baptiste'], minutes: 62,
    title: t('Kiki la tortue', 'Kiki the Turtle', 'Kiki die Schildkröte', 'Kiki la tortuga', 'كيكي السلحفاة'),
    description: t("Une petite tortue de Jacmel part à la recherche de la plage où elle est née.", 'A little turtle from Jacmel searches for the beach where she was born.', 'Eine kleine Schildkröte aus Jacmel sucht den Strand, an dem sie geboren wurde.', 'Una pequeña tortuga de Jacmel busca la playa donde nació.', 'سلحفاة صغيرة من جاكميل تبحث عن الشاطئ الذي وُلدت فيه.') },
  { id: 'film-rumba-eternelle', year: 2022, origin: 'rdc', category: 'musique', subcategory: 'afropop', rating: TP, director: 'Didier Nzeza', cast: ['Fally Mbuyi', 'Tshala Kanku'], minutes: 93, trailer: true,
    title: t('Rumba éternelle', 'Eternal Rumba', 'Ewige Rumba', 'Rumba eterna', 'رومبا خالدة'),
    description: t("De Kinshasa à Brazzaville, l'histoire de la rumba congolaise racontée par ceux qui la jouent.", 'From Kinshasa to Brazzaville, the story of Congolese rumba told by those who play it.', 'Von Kinshasa bis Brazzaville: die Geschichte der kongolesischen Rumba, erzählt von ihren Musikern.', 'De Kinsasa a Brazzaville, la historia de la rumba congoleña contada por quienes la tocan.', 'من كينشاسا إلى برازافيل، قصة الرومبا الكونغولية يرويها عازفوها.') },
  { id: 'film-coupe-decale-story', year: 2021, origin: 'cote-divoire', category: 'musique', subcategory: 'afropop', rating: TP, director: 'Serge Yapi', cast: ['DJ Aboubakar'], minutes: 79,
    title: t('Coupé-décalé Story', 'The Coupé-Décalé Story', 'Die Coupé-Décalé-Geschichte', 'La historia del coupé-décalé', 'حكاية الكوبيه ديكاليه'),
    description: t("Comment une danse née dans les boîtes de Paris a conquis Abidjan puis toute l'Afrique.", 'How a dance born in Paris clubs conquered Abidjan and then all of Africa.', 'Wie ein in Pariser Clubs geborener Tanz Abidjan und dann ganz Afrika eroberte.', 'Cómo un baile nacido en los clubes de París conquistó Abiyán y luego toda África.', 'كيف غزت رقصة وُلدت في ملاهي باريس أبيدجان ثم أفريقيا كلها.') },
  { id: 'film-festival-de-jazz-montreal', year: 2023, origin: 'quebec', category: 'musique', subcategory: 'jazz', rating: TP, director: 'Hugo Bergeron', cast: ['Émilie Fortin', 'Oliver Jones'], minutes: 110, products: ['achat'],
    title: t('Une nuit au festival de jazz', 'A Night at the Jazz Festival', 'Eine Nacht beim Jazzfestival', 'Una noche en el festival de jazz', 'ليلة في مهرجان الجاز'),
    description: t("Le concert de clôture du festival de Montréal filmé depuis la scène et les coulisses.", 'The closing concert of the Montreal festival, filmed from the stage and backstage.', 'Das Abschlusskonzert des Festivals von Montreal, gefilmt von der Bühne und hinter den Kulissen.', 'El concierto de clausura del festival de Montreal filmado desde el escenario y los bastidores.', 'الحفل الختامي لمهرجان مونتريال مصوّراً من المسرح والكواليس.') },
  { id: 'film-les-voix-du-malouf', year: 2018, origin: 'tunisie', category: 'musique', subcategory: 'jazz', rating: TP, director: 'Karim Jaziri', cast: ['Zied Gharsa'], minutes: 71,
    title: t('Les Voix du malouf', 'Voices of Malouf', 'Stimmen des Malouf', 'Las voces del malouf', 'أصوات المالوف'),
    description: t("Un orchestre de Tunis prépare un concert de malouf avec de jeunes chanteuses.", 'A Tunis orchestra prepares a malouf concert with young female singers.', 'Ein Orchester aus Tunis bereitet mit jungen Sängerinnen ein Malouf-Konzert vor.', 'Una orquesta de Túnez prepara un concierto de malouf con jóvenes cantantes.', 'فرقة من تونس تحضّر حفلاً للمالوف مع مغنيات شابات.') },
  { id: 'film-makossa-pour-toujours', year: 2024, origin: 'cameroun', category: 'musique', subcategory: 'afropop', rating: TP, director: 'Joëlle Mbappe', cast: ['Richard Bona Junior'], minutes: 87, badge: 'nouveaute', window: 'future',
    title: t('Makossa pour toujours', 'Makossa Forever', 'Makossa für immer', 'Makossa para siempre', 'ماكوسا إلى الأبد'),
    description: t("Les musiciens de Douala qui ont fait danser le monde se retrouvent pour un dernier disque.", 'The Douala musicians who made the world dance reunite for one last album.', 'Die Musiker aus Douala, die die Welt tanzen ließen, kommen für ein letztes Album zusammen.', 'Los músicos de Douala que hicieron bailar al mundo se reúnen para un último disco.', 'موسيقيو دوالا الذين جعلوا العالم يرقص يجتمعون لتسجيل ألبوم أخير.') },
  { id: 'film-les-lions-de-la-teranga', year: 2022, origin: 'senegal', category: 'sport', subcategory: 'football', rating: TP, director: 'Ousmane Diagne', cast: ['Cheikh Ndoye'], minutes: 95, trailer: true,
    title: t('Les Lions de la Teranga', 'The Lions of Teranga', 'Die Löwen der Teranga', 'Los leones de la Teranga', 'أسود التيرانغا'),
    description: t("Dans les coulisses de l'équipe du Sénégal pendant sa première victoire en Coupe d'Afrique.", 'Behind the scenes of the Senegal team during its first Africa Cup victory.', 'Hinter den Kulissen der senegalesischen Mannschaft bei ihrem ersten Afrika-Cup-Sieg.', 'Entre bastidores de la selección de Senegal durante su primera Copa de África.', 'خلف كواليس منتخب السنغال خلال فوزه الأول بكأس أفريقيا.') },
  { id: 'film-la-pirogue-d-or', year: 2021, origin: 'senegal', category: 'sport', subcategory: 'aventure', rating: TP, director: 'Mariama Ka', cast: ['Pape Diouf'], minutes: 76,
    title: t("La Pirogue d'or", 'The Golden Canoe', 'Die goldene Piroge', 'La piragua de oro', 'القارب الذهبي'),
    description: t("Les équipages de Joal s'entraînent toute l'année pour la grande course de pirogues.", 'The crews of Joal train all year long for the great canoe race.', 'Die Mannschaften aus Joal trainieren das ganze Jahr für das große Pirogenrennen.', 'Las tripulaciones de Joal entrenan todo el año para la gran regata de piraguas.', 'طواقم جوال تتدرب طوال العام لسباق القوارب الكبير.') },
  { id: 'film-le-tour-du-faso', year: 2020, origin: 'france', category: 'sport', subcategory: 'aventure', rating: TP, director: 'Bernard Ouédraogo', cast: ['Issa Kaboré'], minutes: 81,
    title: t('Le Tour du Faso', 'The Tour du Faso', 'Die Tour du Faso', 'La Vuelta a Faso', 'طواف فاسو'),
    description: t("Dix jours sur les routes rouges du Burkina Faso avec les coureurs du plus grand tour cycliste d'Afrique.", 'Ten days on the red roads of Burkina Faso with the riders of Africa\'s biggest cycling race.', 'Zehn Tage auf den roten Straßen Burkina Fasos mit den Fahrern des größten Radrennens Afrikas.', 'Diez días por las carreteras rojas de Burkina Faso con los ciclistas de la mayor vuelta de África.', 'عشرة أيام على الطرق الحمراء في بوركينا فاسو مع متسابقي أكبر طواف دراجات في أفريقيا.') },
  { id: 'film-hockey-de-ruelle', year: 2023, origin: 'quebec', category: 'sport', subcategory: 'comedie', rating: TP, director: 'Maxime Girard', cast: ['Jérémie Ouellet', 'Camille Simard'], minutes: 92,
    title: t('Hockey de ruelle', 'Alley Hockey', 'Straßenhockey', 'Hockey de callejón', 'هوكي الأزقة'),
    description: t("Une équipe de quartier de Rosemont défie les champions de Laval dans un tournoi improvisé.", 'A Rosemont neighbourhood team challenges the Laval champions in an improvised tournament.', 'Ein Nachbarschaftsteam aus Rosemont fordert die Meister aus Laval in einem spontanen Turnier heraus.', 'Un equipo de barrio de Rosemont desafía a los campeones de Laval en un torneo improvisado.', 'فريق حي روزمونت يتحدى أبطال لافال في بطولة مرتجلة.') },
  { id: 'film-marathon-de-carthage', year: 2019, origin: 'tunisie', category: 'sport', subcategory: 'drame', rating: M10, director: 'Sami Ferchichi', cast: ['Amel Jaziri'], minutes: 99, countries: ['TN', 'FR', 'BE', 'CH', 'MA'],
    title: t('Le Marathon de Carthage', 'The Carthage Marathon', 'Der Marathon von Karthago', 'El maratón de Cartago', 'ماراثون قرطاج'),
    description: t("Une coureuse de Sfax s'entraîne en cachette de sa famille pour le marathon de Carthage.", 'A runner from Sfax trains in secret from her family for the Carthage marathon.', 'Eine Läuferin aus Sfax trainiert heimlich vor ihrer Familie für den Marathon von Karthago.', 'Una corredora de Sfax entrena a escondidas de su familia para el maratón de Cartago.', 'عداءة من صفاقس تتدرب سراً عن عائلتها لماراثون قرطاج.') },
  { id: 'film-le-rire-de-marseille', year: 2022, origin: 'france', category: 'humour', subcategory: 'comedie', rating: TP, director: 'Farid Meziane', cast: ['Sabrina Ouazani', 'Marius Olivieri'], minutes: 89,
    title: t('Le Rire de Marseille', 'Marseille Laughs', 'Marseille lacht', 'La risa de Marsella', 'ضحكة مرسيليا'),
    description: t("Une pizzeria du Panier devient par erreur la salle de spectacle la plus courue de la ville.", 'A pizzeria in Le Panier accidentally becomes the most popular comedy club in town.', 'Eine Pizzeria im Panier wird aus Versehen zum beliebtesten Comedy-Club der Stadt.', 'Una pizzería del Panier se convierte por error en la sala de humor más concurrida de la ciudad.', 'مطعم بيتزا في حي البانييه يصبح بالخطأ أشهر مسرح كوميدي في المدينة.') },
  { id: 'film-la-belle-famille', year: 2023, origin: 'cote-divoire', category: 'humour', subcategory: 'comedie', rating: TP, director: 'Roger Konan', cast: ['Michel Gohou', 'Adjoua Kra'], minutes: 94, keyword: 'famille',
    title: t('La Belle-Famille', 'The In-Laws', 'Die Schwiegerfamilie', 'La familia política', 'أهل الزوج'),
    description: t("Un mariage à Yamoussoukro tourne au chaos quand les deux familles découvrent qu'elles se connaissent.", 'A wedding in Yamoussoukro turns to chaos when the two families discover they know each other.', 'Eine Hochzeit in Yamoussoukro endet im Chaos, als die Familien merken, dass sie sich kennen.', 'Una boda en Yamusukro acaba en caos cuando las dos familias descubren que se conocen.', 'حفل زفاف في ياموسوكرو يتحول إلى فوضى حين تكتشف العائلتان أنهما تعرفان بعضهما.') },
  { id: 'film-frites-et-fondue', year: 2021, origin: 'suisse', category: 'humour', subcategory: 'comedie', rating: TP, director: 'Luc Rochat', cast: ['Julie Dupuis', 'Pieter Claes'], minutes: 86,
    title: t('Frites et fondue', 'Fries and Fondue', 'Pommes und Fondue', 'Patatas y fondue', 'بطاطس وفوندو'),
    description: t("Un friturier bruxellois et une fromagère vaudoise se disputent le même chalet pour l'hiver.", 'A Brussels chip-shop owner and a Vaud cheesemaker fight over the same chalet for winter.', 'Ein Brüsseler Frittenbudenbesitzer und eine Waadtländer Käserin streiten um dasselbe Chalet.', 'Un freidor bruselense y una quesera valdense se disputan el mismo chalé para el invierno.', 'بائع بطاطس بروكسلي وصانعة أجبان من فو يتنازعان على الشاليه نفسه في الشتاء.') },
  { id: 'film-tonton-a-paris', year: 2020, origin: 'cameroun', category: 'humour', subcategory: 'comedie', rating: M10, director: 'Thierry Ntamack', cast: ['Valery Ndongo'], minutes: 90, window: 'expired',
    title: t('Tonton à Paris', 'Uncle in Paris', 'Onkel in Paris', 'El tío en París', 'العم في باريس'),
    description: t("Un oncle de Yaoundé débarque chez son neveu parisien avec trois valises de condiments.", 'An uncle from Yaoundé turns up at his Parisian nephew\'s with three suitcases of spices.', 'Ein Onkel aus Yaoundé taucht mit drei Koffern voller Gewürze bei seinem Pariser Neffen auf.', 'Un tío de Yaundé se presenta en casa de su sobrino parisino con tres maletas de especias.', 'عم من ياوندي يحلّ على ابن أخيه الباريسي ومعه ثلاث حقائب من التوابل.') },
  { id: 'film-le-dernier-ete-de-l-empire', year: 2024, origin: 'france', category: 'cinema', subcategory: 'histoire', rating: I12, director: 'Sylvie Marchand', cast: ['Antoine Lefèvre', 'Aïssa Maïga'], minutes: 134, products: ['abonnement'], trailer: true,
    title: t("Le Dernier Été de l'Empire", 'The Last Summer of the Empire', 'Der letzte Sommer des Empire', 'El último verano del Imperio', 'الصيف الأخير للإمبراطورية'),
    description: t("Dakar, 1960 : un jeune journaliste couvre les dernières semaines avant l'indépendance.", 'Dakar, 1960: a young journalist covers the last weeks before independence.', 'Dakar, 1960: Ein junger Journalist berichtet über die letzten Wochen vor der Unabhängigkeit.', 'Dakar, 1960: un joven periodista cubre las últimas semanas antes de la independencia.', 'داكار 1960: صحفي شاب يغطي الأسابيع الأخيرة قبل الاستقلال.') },
  { id: 'film-l-ombre-du-rocher', year: 2022, origin: 'quebec', category: 'cinema', subcategory: 'thriller', rating: M16, director: 'Véronique Leclerc', cast: ['François Arsenault', 'Geneviève Dion'], minutes: 107, products: ['location'],
    title: t("L'Ombre du Rocher", 'Shadow of the Rock', 'Der Schatten des Felsens', 'La sombra de la roca', 'ظل الصخرة'),
    description: t("À Percé, une disparition en mer réveille les secrets d'un village de pêcheurs.", 'In Percé, a disappearance at sea awakens the secrets of a fishing village.', 'In Percé weckt ein Verschwinden auf See die Geheimnisse eines Fischerdorfs.', 'En Percé, una desaparición en el mar despierta los secretos de un pueblo pesquero.', 'في بيرسيه يوقظ اختفاء في البحر أسرار قرية صيادين.') },
  { id: 'film-sang-d-ebene', year: 2021, origin: 'cameroun', category: 'cinema', subcategory: 'thriller', rating: M18, director: 'Marc Eyenga', cast: ['Nadège Biyong', 'Yves Mbarga'], minutes: 102, products: ['abonnement'],
    title: t("Sang d'ébène", 'Ebony Blood', 'Ebenholzblut', 'Sangre de ébano', 'دم الأبنوس'),
    description: t("Un garde forestier du Dja affronte un réseau de braconniers prêt à tout.", 'A ranger in the Dja reserve faces a ruthless poaching ring.', 'Ein Wildhüter im Dja-Reservat stellt sich einem skrupellosen Wildererring.', 'Un guarda forestal del Dja se enfrenta a una red de cazadores furtivos sin escrúpulos.', 'حارس غابات في محمية دجا يواجه شبكة صيادين غير شرعيين لا ترحم.') },
  { id: 'film-janvier-a-tunis', year: 2020, origin: 'tunisie', category: 'cinema', subcategory: 'drame', rating: M18, director: 'Mehdi Ben Salah', cast: ['Rym Ben Messaoud', 'Ali Bannour'], minutes: 115, countries: ['FR', 'BE', 'CH', 'TN'],
    title: t('Janvier à Tunis', 'January in Tunis', 'Januar in Tunis', 'Enero en Túnez', 'يناير في تونس'),
    description: t("Hiver 2011 : une famille de la banlieue sud vit les jours qui font tomber un régime.", 'Winter 2011: a family from the southern suburbs lives through the days that bring down a regime.', 'Winter 2011: Eine Familie aus den südlichen Vororten erlebt die Tage, die ein Regime stürzen.', 'Invierno de 2011: una familia de los suburbios del sur vive los días que derriban un régimen.', 'شتاء 2011: عائلة من الضاحية الجنوبية تعيش الأيام التي أسقطت نظاماً.') },
  { id: 'film-les-enfants-de-matonge', year: 2023, origin: 'rdc', category: 'cinema', subcategory: 'drame', rating: A12, director: 'Clarisse Mputu', cast: ['Héritier Kalonji', 'Divine Mbuyi'], minutes: 100, keyword: 'jeunesse',
    title: t('Les Enfants du quartier Matonge', 'The Children of Matonge', 'Die Kinder von Matonge', 'Los niños de Matonge', 'أطفال حي ماتونغي'),
    description: t("Entre Kinshasa et Bruxelles, deux cousins grandissent dans deux quartiers qui portent le même nom.", 'Between Kinshasa and Brussels, two cousins grow up in two districts with the same name.', 'Zwischen Kinshasa und Brüssel wachsen zwei Cousins in zwei gleichnamigen Vierteln auf.', 'Entre Kinsasa y Bruselas, dos primos crecen en dos barrios con el mismo nombre.', 'بين كينشاسا وبروكسل يكبر ابنا عم في حيين يحملان الاسم نفسه.') },
  { id: 'film-le-souffle-de-l-atlas', year: 2022, origin: 'maroc', category: 'cinema', subcategory: 'aventure', rating: M10, director: 'Hind Chraibi', cast: ['Nabil Ouazzani', 'Yasmine Fassi'], minutes: 111, trailer: true,
    title: t("Le Souffle de l'Atlas", 'Breath of the Atlas', 'Der Atem des Atlas', 'El aliento del Atlas', 'نفَس الأطلس'),
    description: t("Un guide berbère accompagne une alpiniste lyonnaise vers le sommet du Toubkal en plein hiver.", 'A Berber guide leads a climber from Lyon to the summit of Toubkal in mid-winter.', 'Ein Berberführer begleitet eine Bergsteigerin aus Lyon mitten im Winter auf den Toubkal.', 'Un guía bereber acompaña a una alpinista de Lyon a la cima del Toubkal en pleno invierno.', 'دليل أمازيغي يرافق متسلقة من ليون إلى قمة توبقال في عز الشتاء.') },
  { id: 'film-un-pont-a-saint-louis', year: 2019, origin: 'senegal', category: 'cinema', subcategory: 'romance', rating: TP, director: 'Alioune Seck', cast: ['Coumba Ndiaye', 'Jean-Michel Faye'], minutes: 97,
    title: t('Un pont à Saint-Louis', 'A Bridge in Saint-Louis', 'Eine Brücke in Saint-Louis', 'Un puente en Saint-Louis', 'جسر في سان لويس'),
    description: t("Une architecte chargée de restaurer le pont Faidherbe retrouve son amour de jeunesse.", 'An architect restoring the Faidherbe bridge meets her first love again.', 'Eine Architektin, die die Faidherbe-Brücke restauriert, trifft ihre Jugendliebe wieder.', 'Una arquitecta encargada de restaurar el puente Faidherbe reencuentra a su primer amor.', 'مهندسة معمارية مكلفة بترميم جسر فيدرب تلتقي حب شبابها من جديد.') },
  { id: 'film-le-concierge-de-namur', year: 2024, origin: 'belgique', category: 'cinema', subcategory: 'policier', rating: D12, director: 'Benoît Delvaux', cast: ['Olivier Gourmet Fils', 'Nina Verbeke'], minutes: 99, badge: 'nouveaute',
    title: t('Le Concierge de Namur', 'The Namur Caretaker', 'Der Hausmeister von Namur', 'El conserje de Namur', 'بواب نامور'),
    description: t("Un concierge discret résout les énigmes de son immeuble mieux que la police.", 'A discreet caretaker solves the mysteries of his building better than the police.', 'Ein unauffälliger Hausmeister löst die Rätsel seines Hauses besser als die Polizei.', 'Un conserje discreto resuelve los enigmas de su edificio mejor que la policía.', 'بواب متكتم يحل ألغاز عمارته أفضل من الشرطة.') },
  { id: 'film-la-fille-de-byblos', year: 2021, origin: 'liban', category: 'cinema', subcategory: 'romance', rating: D12, director: 'Carla Abi Nader', cast: ['Joe Kassab', 'Lina Fakhoury'], minutes: 104,
    title: t('La Fille de Byblos', 'The Girl from Byblos', 'Das Mädchen aus Byblos', 'La chica de Biblos', 'فتاة جبيل'),
    description: t("Une étudiante en archéologie et un pêcheur de Byblos découvrent ensemble une épave phénicienne.", 'An archaeology student and a Byblos fisherman discover a Phoenician wreck together.', 'Eine Archäologiestudentin und ein Fischer aus Byblos entdecken gemeinsam ein phönizisches Wrack.', 'Una estudiante de arqueología y un pescador de Biblos descubren juntos un pecio fenicio.', 'طالبة آثار وصياد من جبيل يكتشفان معاً حطام سفينة فينيقية.') },
  { id: 'film-les-masques-de-jacmel', year: 2022, origin: 'haiti', category: 'culture', subcategory: 'societe', rating: TP, director: 'Widline Charles', cast: ['Ricardo Louis'], minutes: 73,
    title: t('Les Masques de Jacmel', 'The Masks of Jacmel', 'Die Masken von Jacmel', 'Las máscaras de Jacmel', 'أقنعة جاكميل'),
    description: t("Les artisans de Jacmel fabriquent en papier mâché les masques géants du carnaval.", 'The craftsmen of Jacmel make the giant papier-mâché masks of the carnival.', 'Die Kunsthandwerker von Jacmel fertigen die riesigen Karnevalsmasken aus Pappmaché.', 'Los artesanos de Jacmel fabrican en papel maché las máscaras gigantes del carnaval.', 'حرفيو جاكميل يصنعون من الورق المعجون أقنعة الكرنفال العملاقة.') },
  { id: 'film-l-atelier-d-aubusson', year: 2020, origin: 'france', category: 'culture', subcategory: 'histoire', rating: TP, director: 'Isabelle Moreau', cast: ['Catherine Aubry'], minutes: 64,
    title: t("L'Atelier d'Aubusson", 'The Aubusson Workshop', 'Die Werkstatt von Aubusson', 'El taller de Aubusson', 'مشغل أوبيسون'),
    description: t("Des lissières tissent pendant trois ans une tapisserie dessinée par un peintre sénégalais.", 'Weavers spend three years on a tapestry designed by a Senegalese painter.', 'Weberinnen arbeiten drei Jahre an einem Wandteppich nach dem Entwurf eines senegalesischen Malers.', 'Unas tejedoras trabajan tres años en un tapiz diseñado por un pintor senegalés.', 'نساجات يعملن ثلاث سنوات على سجادة جدارية صممها رسام سنغالي.') },
  { id: 'film-les-manuscrits-de-tombouctou', year: 2019, origin: 'france', category: 'culture', subcategory: 'histoire', rating: TP, director: 'Abdoulaye Touré', cast: ['Hawa Maïga'], minutes: 80,
    title: t('Les Manuscrits de Tombouctou', 'The Timbuktu Manuscripts', 'Die Handschriften von Timbuktu', 'Los manuscritos de Tombuctú', 'مخطوطات تمبكتو'),
    description: t("Le sauvetage de milliers de manuscrits anciens cachés dans des malles de fer.", 'The rescue of thousands of ancient manuscripts hidden in iron trunks.', 'Die Rettung tausender alter Handschriften, versteckt in eisernen Truhen.', 'El rescate de miles de manuscritos antiguos escondidos en baúles de hierro.', 'إنقاذ آلاف المخطوطات القديمة المخبأة في صناديق حديدية.') },
  { id: 'film-la-cuisine-de-mama-ngono', year: 2023, origin: 'cameroun', category: 'art-de-vivre', subcategory: 'cuisine', rating: TP, director: 'Estelle Fotso', cast: ['Mama Ngono'], minutes: 58,
    title: t('La Cuisine de Mama Ngono', "Mama Ngono's Kitchen", 'Mama Ngonos Küche', 'La cocina de Mamá Ngono', 'مطبخ ماما نغونو'),
    description: t("Une cuisinière de Yaoundé transmet ses recettes de ndolé et de poulet DG à ses petits-enfants.", 'A Yaoundé cook hands down her ndolé and DG chicken recipes to her grandchildren.', 'Eine Köchin aus Yaoundé gibt ihre Ndolé- und DG-Hähnchen-Rezepte an ihre Enkel weiter.', 'Una cocinera de Yaundé transmite sus recetas de ndolé y pollo DG a sus nietos.', 'طاهية من ياوندي تنقل وصفات الندوليه والدجاج دي جي إلى أحفادها.') },
  { id: 'film-les-saveurs-de-beyrouth', year: 2022, origin: 'liban', category: 'art-de-vivre', subcategory: 'cuisine', rating: TP, director: 'Rita Haddad', cast: ['Kamal Mouzawak'], minutes: 61,
    title: t('Les Saveurs de Beyrouth', 'Flavours of Beirut', 'Aromen aus Beirut', 'Sabores de Beirut', 'نكهات بيروت'),
    description: t("Au marché des producteurs de Beyrouth, des cuisinières de tout le pays partagent leurs mezzés.", 'At the Beirut farmers\' market, cooks from all over the country share their mezze.', 'Auf dem Bauernmarkt von Beirut teilen Köchinnen aus dem ganzen Land ihre Mezze.', 'En el mercado de productores de Beirut, cocineras de todo el país comparten sus mezzes.', 'في سوق المزارعين في بيروت تتشارك طاهيات من كل البلاد أطباق المازة.') },
  { id: 'film-carnet-de-route-la-gaspesie', year: 2024, origin: 'quebec', category: 'art-de-vivre', subcategory: 'voyage', rating: TP, director: 'Étienne Boucher', cast: ['Mélanie Caron'], minutes: 69, badge: 'nouveaute', countries: ['CA', 'FR', 'BE', 'CH'],
    title: t('Carnet de route : la Gaspésie', 'Road Diary: Gaspésie', 'Reisetagebuch: Gaspésie', 'Diario de ruta: Gaspesia', 'دفتر رحلة: غاسبيزي'),
    description: t("Un road trip à vélo autour de la péninsule gaspésienne, de village en village.", 'A bicycle road trip around the Gaspé peninsula, from village to village.', 'Eine Radreise rund um die Gaspésie-Halbinsel, von Dorf zu Dorf.', 'Un viaje en bicicleta alrededor de la península de Gaspesia, de pueblo en pueblo.', 'رحلة بالدراجة حول شبه جزيرة غاسبيزي من قرية إلى أخرى.') },
  { id: 'film-les-oasis-du-djerid', year: 2021, origin: 'tunisie', category: 'art-de-vivre', subcategory: 'voyage', rating: TP, director: 'Nizar Hamdi', cast: ['Salma Gharbi'], minutes: 67,
    title: t('Les Oasis du Djérid', 'The Oases of Djerid', 'Die Oasen des Djerid', 'Los oasis del Yerid', 'واحات الجريد'),
    description: t("De Tozeur à Nefta, la vie des palmeraies au rythme de la récolte des dattes.", 'From Tozeur to Nefta, life in the palm groves to the rhythm of the date harvest.', 'Von Tozeur bis Nefta: das Leben in den Palmenhainen im Takt der Dattelernte.', 'De Tozeur a Nefta, la vida de los palmerales al ritmo de la cosecha de dátiles.', 'من توزر إلى نفطة، حياة غابات النخيل على إيقاع جني التمور.') },
  { id: 'film-une-annee-au-palais-des-nations', year: 2023, origin: 'suisse', category: 'information', subcategory: 'societe', rating: TP, director: 'Yves Monnier', cast: ['Sandrine Pittet'], minutes: 88, products: ['rattrapage'],
    title: t('Une année au Palais des Nations', 'A Year at the Palais des Nations', 'Ein Jahr im Palais des Nations', 'Un año en el Palacio de las Naciones', 'عام في قصر الأمم'),
    description: t("Les négociations, les interprètes et les coulisses de l'ONU à Genève pendant douze mois.", 'Negotiations, interpreters and the backstage of the UN in Geneva over twelve months.', 'Verhandlungen, Dolmetscher und die Kulissen der UNO in Genf über zwölf Monate.', 'Negociaciones, intérpretes y bastidores de la ONU en Ginebra durante doce meses.', 'المفاوضات والمترجمون وكواليس الأمم المتحدة في جنيف على مدى اثني عشر شهراً.') },
  { id: 'film-envoyes-speciaux', year: 2024, origin: 'france', category: 'information', subcategory: 'societe', rating: D12, director: 'Claire Nguyen', cast: ['Ahmed Benyahia'], minutes: 83, badge: 'nouveaute', products: ['rattrapage'],
    title: t('Envoyés spéciaux', 'Special Correspondents', 'Sonderkorrespondenten', 'Enviados especiales', 'مراسلون خاصون'),
    description: t("Une journée avec les correspondants d'Antenne Monde, de Bamako à Port-au-Prince.", 'A day with Antenne Monde correspondents, from Bamako to Port-au-Prince.', 'Ein Tag mit den Korrespondenten von Antenne Monde, von Bamako bis Port-au-Prince.', 'Un día con los corresponsales de Antenne Monde, de Bamako a Puerto Príncipe.', 'يوم مع مراسلي أنتان موند من باماكو إلى بورت أو برنس.') },
  { id: 'film-la-voix-des-ondes', year: 2022, origin: 'cote-divoire', category: 'information', subcategory: 'histoire', rating: TP, director: 'Paul Aka', cast: ['Christine Ahoua'], minutes: 76,
    title: t('La Voix des ondes', 'Voice of the Airwaves', 'Die Stimme des Äthers', 'La voz de las ondas', 'صوت الأثير'),
    description: t("Soixante ans de radio en Afrique de l'Ouest racontés par les voix qui l'ont faite.", 'Sixty years of radio in West Africa told by the voices that made it.', 'Sechzig Jahre Radio in Westafrika, erzählt von den Stimmen, die es geprägt haben.', 'Sesenta años de radio en África Occidental contados por las voces que la hicieron.', 'ستون عاماً من الإذاعة في غرب أفريقيا يرويها من صنعوها.') },
  { id: 'film-haiti-debout', year: 2020, origin: 'haiti', category: 'information', subcategory: 'societe', rating: I12, director: 'Fabienne Colas', cast: ['Jean Dorval'], minutes: 91, window: 'expired',
    title: t('Haïti debout', 'Haiti Standing', 'Haiti steht auf', 'Haití en pie', 'هايتي صامدة'),
    description: t("Dix ans après le séisme, des habitants de Port-au-Prince racontent la reconstruction.", 'Ten years after the earthquake, Port-au-Prince residents tell of the rebuilding.', 'Zehn Jahre nach dem Erdbeben erzählen Einwohner von Port-au-Prince vom Wiederaufbau.', 'Diez años después del terremoto, vecinos de Puerto Príncipe relatan la reconstrucción.', 'بعد عشر سنوات من الزلزال يروي سكان بورت أو برنس قصة إعادة الإعمار.') },
  { id: 'film-les-gardiens-du-phare', year: 2025, origin: 'france', category: 'cinema', subcategory: 'drame', rating: A12, director: 'Hélène Le Goff', cast: ['Yann Kerouac', 'Amina Diallo'], minutes: 106, window: 'future', trailer: true, keyword: 'mer',
    title: t('Les Gardiens du phare', 'The Lighthouse Keepers', 'Die Leuchtturmwärter', 'Los guardianes del faro', 'حراس المنارة'),
    description: t("Sur l'île de Gorée, deux gardiens que tout oppose doivent passer l'hiver ensemble.", 'On Gorée island, two very different keepers must spend the winter together.', 'Auf der Insel Gorée müssen zwei grundverschiedene Wärter den Winter gemeinsam verbringen.', 'En la isla de Gorée, dos guardianes opuestos deben pasar el invierno juntos.', 'على جزيرة غوري يضطر حارسان متناقضان إلى قضاء الشتاء معاً.') },
  { id: 'film-le-secret-de-la-casbah', year: 2025, origin: 'maroc', category: 'cinema', subcategory: 'policier', rating: M16, director: 'Reda Benjelloun', cast: ['Laila Mernissi', 'Hamza Kettani'], minutes: 101, window: 'future',
    title: t('Le Secret de la casbah', 'The Secret of the Kasbah', 'Das Geheimnis der Kasbah', 'El secreto de la alcazaba', 'سر القصبة'),
    description: t("À Tanger, une inspectrice enquête sur le vol d'un tableau de Matisse dans un riad.", 'In Tangier, an inspector investigates the theft of a Matisse painting from a riad.', 'In Tanger ermittelt eine Inspektorin zum Diebstahl eines Matisse-Gemäldes aus einem Riad.', 'En Tánger, una inspectora investiga el robo de un cuadro de Matisse en un riad.', 'في طنجة تحقق مفتشة في سرقة لوحة لماتيس من أحد الرياضات.') },
  { id: 'film-cinq-jours-a-lausanne', year: 2023, origin: 'suisse', category: 'cinema', subcategory: 'comedie', rating: TP, director: 'Noémie Rey', cast: ['Bastien Chappuis', 'Awa Touré'], minutes: 93, products: ['gratuit'],
    title: t('Cinq jours à Lausanne', 'Five Days in Lausanne', 'Fünf Tage in Lausanne', 'Cinco días en Lausana', 'خمسة أيام في لوزان'),
    description: t("Un stagiaire sénégalais d'une fédération sportive doit organiser une cérémonie en cinq jours.", 'A Senegalese intern at a sports federation must organise a ceremony in five days.', 'Ein senegalesischer Praktikant eines Sportverbands muss in fünf Tagen eine Zeremonie organisieren.', 'Un becario senegalés de una federación deportiva debe organizar una ceremonia en cinco días.', 'متدرب سنغالي في اتحاد رياضي عليه تنظيم حفل في خمسة أيام.') },
  { id: 'film-la-mer-a-boire', year: 2021, origin: 'senegal', category: 'documentaires', subcategory: 'societe', rating: TP, director: 'Moustapha Diop', cast: ['Aïda Ndoye'], minutes: 74, products: ['gratuit'], keyword: 'mer',
    title: t('La Mer à boire', 'Drinking the Sea', 'Das Meer trinken', 'Beberse el mar', 'شرب البحر'),
    description: t("À Mbour, des pêcheurs et des mareyeuses s'organisent face à la raréfaction du poisson.", 'In Mbour, fishermen and fish traders organise as fish grow scarce.', 'In Mbour organisieren sich Fischer und Fischhändlerinnen, während der Fisch knapp wird.', 'En Mbour, pescadores y vendedoras de pescado se organizan ante la escasez de peces.', 'في مبور ينظم الصيادون وبائعات السمك أنفسهم في مواجهة ندرة الأسماك.') },
  { id: 'film-les-bateliers-de-l-oubangui', year: 2018, origin: 'rdc', category: 'documentaires', subcategory: 'voyage', rating: TP, director: 'Jean-Pierre Ilunga', cast: ['Théo Bokeli'], minutes: 70, products: ['achat'],
    title: t("Les Bateliers de l'Oubangui", 'The Boatmen of the Ubangi', 'Die Schiffer des Ubangi', 'Los barqueros del Ubangui', 'ملاحو أوبانغي'),
    description: t("Trois semaines de navigation entre Bangui et Mbandaka sur une barge chargée de marchandises.", 'Three weeks of sailing between Bangui and Mbandaka on a barge full of goods.', 'Drei Wochen Schifffahrt zwischen Bangui und Mbandaka auf einem vollbeladenen Lastkahn.', 'Tres semanas de navegación entre Bangui y Mbandaka en una barcaza cargada de mercancías.', 'ثلاثة أسابيع من الإبحار بين بانغي ومبانداكا على صندل محمّل بالبضائع.') },
  { id: 'film-le-griot-de-saint-louis', year: 2024, origin: 'senegal', category: 'musique', subcategory: 'drame', rating: TP, director: 'Mariam Keïta', cast: ['Bakary Sangaré', 'Oumou Diallo'], minutes: 96,
    title: t('Le Griot de Saint-Louis', 'The Griot of Saint-Louis', 'Der Griot von Saint-Louis', 'El griot de Saint-Louis', 'راوي سان لويس'),
    description: t("Un vieux joueur de kora transmet à sa petite-fille les chants de sa famille avant le grand festival.", 'An old kora player passes his family songs on to his granddaughter before the great festival.', 'Ein alter Kora-Spieler gibt vor dem großen Festival die Lieder seiner Familie an seine Enkelin weiter.', 'Un viejo intérprete de kora transmite a su nieta los cantos de su familia antes del gran festival.', 'عازف كورا عجوز ينقل أغاني عائلته إلى حفيدته قبل المهرجان الكبير.') },
  { id: 'film-l-hiver-a-quebec', year: 2022, origin: 'quebec', category: 'cinema', subcategory: 'comedie', rating: TP, director: 'Catherine Lavoie', cast: ['Olivier Bouchard', 'Nour Hamdi'], minutes: 94,
    title: t("L'Hiver à Québec", 'Winter in Quebec City', 'Winter in Québec', 'Invierno en Quebec', 'الشتاء في كيبيك'),
    description: t("Pendant le Carnaval, un cuisinier tunisien et une sculptrice de glace ouvrent une cabane à sucre improbable.", 'During the Carnival, a Tunisian cook and an ice sculptor open an unlikely sugar shack.', 'Während des Karnevals eröffnen ein tunesischer Koch und eine Eisbildhauerin eine ungewöhnliche Zuckerhütte.', 'Durante el Carnaval, un cocinero tunecino y una escultora de hielo abren una improbable cabaña de azúcar.', 'خلال الكرنفال، يفتتح طباخ تونسي ونحاتة جليد كوخًا غير متوقع لصناعة شراب القيقب.') },
  { id: 'film-les-couleurs-de-jacmel', year: 2023, origin: 'haiti', category: 'culture', subcategory: 'societe', rating: D12, director: 'Jean-Robert Pierre', cast: ['Nadège Joseph', 'Wilson Étienne'], minutes: 88,
    title: t('Les Couleurs de Jacmel', 'The Colours of Jacmel', 'Die Farben von Jacmel', 'Los colores de Jacmel', 'ألوان جاكميل'),
    description: t("À Jacmel, une famille d'artisans fabrique les masques de papier mâché du carnaval malgré les tempêtes.", 'In Jacmel, a family of craftsmen makes the papier-mâché carnival masks despite the storms.', 'In Jacmel fertigt eine Handwerkerfamilie trotz der Stürme die Pappmaché-Masken des Karnevals.', 'En Jacmel, una familia de artesanos fabrica las máscaras de papel maché del carnaval pese a las tormentas.', 'في جاكميل، تصنع عائلة من الحرفيين أقنعة الكرنفال من الورق المعجن رغم العواصف.') },
];

/** Trailer assets (CLIP) of the films that have one; linked with linkType TRAILER. */
export const trailerId = (filmId: string) => `bande-annonce-${filmId.replace(/^film-/, '')}`;

const TRAILER_WORD = t('Bande-annonce', 'Trailer', 'Trailer', 'Tráiler', 'إعلان');
const TRAILER_TEXT = t(
  'Découvrez les premières images du film',
  'Watch the first images of the film',
  'Die ersten Bilder des Films',
  'Descubre las primeras imágenes de la película',
  'شاهد الصور الأولى من الفيلم',
);

const BASE_CREATED = '2024-01-05T08:00:00Z';

function filmAsset(film: Film, n: number): Asset {
  const trailer =
    film.trailer === true ? [{ entityId: trailerId(film.id), entityType: 'ASSET', linkType: 'TRAILER' }] : [];
  const tags = [
    categoryTag(film.category),
    subcategoryTag(film.subcategory),
    originTag(film.origin),
    ...(film.keyword === undefined ? [] : [keywordTag(film.keyword)]),
    ...(film.badge === undefined ? [] : [badgeTag(film.badge)]),
  ];
  if (n < 3) tags.push(subcategoryTag('priorite-1'));
  const country = ORIGIN_COUNTRY[film.origin];
  return {
    assetId: film.id,
    type: 'MOVIE',
    slug: film.id,
    productionYear: film.year,
    productionCountries: country === 'FR' ? ['FR'] : [country, 'FR'],
    duration: film.minutes * 60_000,
    popularity: Math.round(((n * 37) % 100) + film.year / 100),
    localized: localized(film.id, film.title, film.description),
    tags,
    parentalRatings: csa(film.rating),
    participants: [
      { personId: personId(film.director), name: film.director, function: 'director' },
      ...film.cast.map((name) => ({ personId: personId(name), name, function: 'actor' as const })),
    ],
    linkedEntities: trailer,
    subtitles: ['fr', 'en', 'ar'],
    spokenLanguages: ['fr'],
    medias: [],
    publications: [
      publication(film.id, {
        products: film.products ?? [n % 3 === 0 ? 'gratuit' : 'gratuit-pub'],
        ...(film.countries === undefined ? {} : { countries: film.countries }),
        ...(film.window === undefined ? {} : { window: film.window }),
        ...(film.badge === 'nouveaute' && film.window === undefined
          ? { fromDate: '2025-09-01T00:00:00Z' }
          : {}),
      }),
    ],
    customData: { programme: film.programme ?? programmeFor(n), csaLevel: Number(film.rating) },
    created: dayAfter(BASE_CREATED, n * 5),
  };
}

export const personId = (name: string) =>
  `p-${name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

function trailerAsset(film: Film, n: number): Asset {
  const id = trailerId(film.id);
  const title = t(
    `${TRAILER_WORD.fr} : ${film.title.fr}`,
    `${TRAILER_WORD.en}: ${film.title.en}`,
    `${TRAILER_WORD.de}: ${film.title.de}`,
    `${TRAILER_WORD.es}: ${film.title.es}`,
    `${TRAILER_WORD.ar}: ${film.title.ar}`,
  );
  const description = t(
    `${TRAILER_TEXT.fr} « ${film.title.fr} ».`,
    `${TRAILER_TEXT.en} "${film.title.en}".`,
    `${TRAILER_TEXT.de} „${film.title.de}“.`,
    `${TRAILER_TEXT.es} «${film.title.es}».`,
    `${TRAILER_TEXT.ar} «${film.title.ar}».`,
  );
  return {
    assetId: id,
    type: 'CLIP',
    slug: id,
    productionYear: film.year,
    duration: 90_000 + (n % 4) * 15_000,
    localized: localized(id, title, description),
    // No category tag: trailers stay out of the category lanes (they are reached from their film).
    parentalRatings: csa(film.rating),
    linkedEntities: [{ entityId: film.id, entityType: 'ASSET', linkType: 'PARENT' }],
    medias: [],
    publications: [
      publication(id, {
        products: ['gratuit'],
        ...(film.countries === undefined ? {} : { countries: film.countries }),
      }),
    ],
    // Trailers play the short trailer streams of the demo media plan, in turn.
    customData: {
      programme: DEMO_TRAILER_STREAMS[n % DEMO_TRAILER_STREAMS.length] ?? 'trailer-1',
      trailerOf: film.id,
    },
    created: dayAfter(BASE_CREATED, n * 5),
  };
}

export function demoFilms(): Asset[] {
  return FILMS.map(filmAsset);
}

export function demoTrailers(): Asset[] {
  return FILMS.filter((f) => f.trailer === true).map((f, i) => trailerAsset(f, i));
}
