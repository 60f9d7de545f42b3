// The data of spec §4.1 and §4.3, generated from the spec tables (kept in their listed order).
#include "games/dracula/places.h"

namespace arena::dracula {

const std::array<PlaceInfo, kNumPlaces> kPlaces = {{
    {"AS", "Adriatic Sea", "ADRIATIC_SEA", PlaceType::kSea},
    {"AL", "Alicante", "ALICANTE", PlaceType::kLand},
    {"AM", "Amsterdam", "AMSTERDAM", PlaceType::kLand},
    {"AT", "Athens", "ATHENS", PlaceType::kLand},
    {"AO", "Atlantic Ocean", "ATLANTIC_OCEAN", PlaceType::kSea},
    {"BA", "Barcelona", "BARCELONA", PlaceType::kLand},
    {"BI", "Bari", "BARI", PlaceType::kLand},
    {"BB", "Bay of Biscay", "BAY_OF_BISCAY", PlaceType::kSea},
    {"BE", "Belgrade", "BELGRADE", PlaceType::kLand},
    {"BR", "Berlin", "BERLIN", PlaceType::kLand},
    {"BS", "Black Sea", "BLACK_SEA", PlaceType::kSea},
    {"BO", "Bordeaux", "BORDEAUX", PlaceType::kLand},
    {"BU", "Brussels", "BRUSSELS", PlaceType::kLand},
    {"BC", "Bucharest", "BUCHAREST", PlaceType::kLand},
    {"BD", "Budapest", "BUDAPEST", PlaceType::kLand},
    {"CA", "Cadiz", "CADIZ", PlaceType::kLand},
    {"CG", "Cagliari", "CAGLIARI", PlaceType::kLand},
    {"CD", "Castle Dracula", "CASTLE_DRACULA", PlaceType::kLand},
    {"CF", "Clermont-Ferrand", "CLERMONT_FERRAND", PlaceType::kLand},
    {"CO", "Cologne", "COLOGNE", PlaceType::kLand},
    {"CN", "Constanta", "CONSTANTA", PlaceType::kLand},
    {"DU", "Dublin", "DUBLIN", PlaceType::kLand},
    {"ED", "Edinburgh", "EDINBURGH", PlaceType::kLand},
    {"EC", "English Channel", "ENGLISH_CHANNEL", PlaceType::kSea},
    {"FL", "Florence", "FLORENCE", PlaceType::kLand},
    {"FR", "Frankfurt", "FRANKFURT", PlaceType::kLand},
    {"GA", "Galatz", "GALATZ", PlaceType::kLand},
    {"GW", "Galway", "GALWAY", PlaceType::kLand},
    {"GE", "Geneva", "GENEVA", PlaceType::kLand},
    {"GO", "Genoa", "GENOA", PlaceType::kLand},
    {"GR", "Granada", "GRANADA", PlaceType::kLand},
    {"HA", "Hamburg", "HAMBURG", PlaceType::kLand},
    {"IO", "Ionian Sea", "IONIAN_SEA", PlaceType::kSea},
    {"IR", "Irish Sea", "IRISH_SEA", PlaceType::kSea},
    {"KL", "Klausenburg", "KLAUSENBURG", PlaceType::kLand},
    {"LE", "Le Havre", "LE_HAVRE", PlaceType::kLand},
    {"LI", "Leipzig", "LEIPZIG", PlaceType::kLand},
    {"LS", "Lisbon", "LISBON", PlaceType::kLand},
    {"LV", "Liverpool", "LIVERPOOL", PlaceType::kLand},
    {"LO", "London", "LONDON", PlaceType::kLand},
    {"MA", "Madrid", "MADRID", PlaceType::kLand},
    {"MN", "Manchester", "MANCHESTER", PlaceType::kLand},
    {"MR", "Marseilles", "MARSEILLES", PlaceType::kLand},
    {"MS", "Mediterranean Sea", "MEDITERRANEAN_SEA", PlaceType::kSea},
    {"MI", "Milan", "MILAN", PlaceType::kLand},
    {"MU", "Munich", "MUNICH", PlaceType::kLand},
    {"NA", "Nantes", "NANTES", PlaceType::kLand},
    {"NP", "Naples", "NAPLES", PlaceType::kLand},
    {"NS", "North Sea", "NORTH_SEA", PlaceType::kSea},
    {"NU", "Nuremburg", "NUREMBURG", PlaceType::kLand},
    {"PA", "Paris", "PARIS", PlaceType::kLand},
    {"PL", "Plymouth", "PLYMOUTH", PlaceType::kLand},
    {"PR", "Prague", "PRAGUE", PlaceType::kLand},
    {"RO", "Rome", "ROME", PlaceType::kLand},
    {"SA", "Salonica", "SALONICA", PlaceType::kLand},
    {"SN", "Santander", "SANTANDER", PlaceType::kLand},
    {"SR", "Saragossa", "SARAGOSSA", PlaceType::kLand},
    {"SJ", "Sarajevo", "SARAJEVO", PlaceType::kLand},
    {"SO", "Sofia", "SOFIA", PlaceType::kLand},
    {"JM", "St Joseph and St Mary", "ST_JOSEPH_AND_ST_MARY", PlaceType::kLand},
    {"ST", "Strasbourg", "STRASBOURG", PlaceType::kLand},
    {"SW", "Swansea", "SWANSEA", PlaceType::kLand},
    {"SZ", "Szeged", "SZEGED", PlaceType::kLand},
    {"TO", "Toulouse", "TOULOUSE", PlaceType::kLand},
    {"TS", "Tyrrhenian Sea", "TYRRHENIAN_SEA", PlaceType::kSea},
    {"VA", "Valona", "VALONA", PlaceType::kLand},
    {"VR", "Varna", "VARNA", PlaceType::kLand},
    {"VE", "Venice", "VENICE", PlaceType::kLand},
    {"VI", "Vienna", "VIENNA", PlaceType::kLand},
    {"ZA", "Zagreb", "ZAGREB", PlaceType::kLand},
    {"ZU", "Zurich", "ZURICH", PlaceType::kLand},
}};

const std::array<Connection, 198> kConnections = {{
    {1, 30, Transport::kRoad},   // AL-GR
    {1, 40, Transport::kRoad},   // AL-MA
    {1, 56, Transport::kRoad},   // AL-SR
    {2, 12, Transport::kRoad},   // AM-BU
    {2, 19, Transport::kRoad},   // AM-CO
    {3, 65, Transport::kRoad},   // AT-VA
    {5, 56, Transport::kRoad},   // BA-SR
    {5, 63, Transport::kRoad},   // BA-TO
    {13, 8, Transport::kRoad},   // BC-BE
    {13, 20, Transport::kRoad},  // BC-CN
    {13, 26, Transport::kRoad},  // BC-GA
    {13, 34, Transport::kRoad},  // BC-KL
    {13, 58, Transport::kRoad},  // BC-SO
    {14, 34, Transport::kRoad},  // BD-KL
    {14, 62, Transport::kRoad},  // BD-SZ
    {14, 68, Transport::kRoad},  // BD-VI
    {14, 69, Transport::kRoad},  // BD-ZA
    {8, 59, Transport::kRoad},   // BE-JM
    {8, 34, Transport::kRoad},   // BE-KL
    {8, 57, Transport::kRoad},   // BE-SJ
    {8, 58, Transport::kRoad},   // BE-SO
    {8, 62, Transport::kRoad},   // BE-SZ
    {6, 47, Transport::kRoad},   // BI-NP
    {6, 53, Transport::kRoad},   // BI-RO
    {11, 18, Transport::kRoad},  // BO-CF
    {11, 46, Transport::kRoad},  // BO-NA
    {11, 56, Transport::kRoad},  // BO-SR
    {11, 63, Transport::kRoad},  // BO-TO
    {9, 31, Transport::kRoad},   // BR-HA
    {9, 36, Transport::kRoad},   // BR-LI
    {9, 52, Transport::kRoad},   // BR-PR
    {12, 19, Transport::kRoad},  // BU-CO
    {12, 35, Transport::kRoad},  // BU-LE
    {12, 50, Transport::kRoad},  // BU-PA
    {12, 60, Transport::kRoad},  // BU-ST
    {15, 30, Transport::kRoad},  // CA-GR
    {15, 37, Transport::kRoad},  // CA-LS
    {15, 40, Transport::kRoad},  // CA-MA
    {17, 26, Transport::kRoad},  // CD-GA
    {17, 34, Transport::kRoad},  // CD-KL
    {18, 28, Transport::kRoad},  // CF-GE
    {18, 42, Transport::kRoad},  // CF-MR
    {18, 46, Transport::kRoad},  // CF-NA
    {18, 50, Transport::kRoad},  // CF-PA
    {18, 63, Transport::kRoad},  // CF-TO
    {20, 26, Transport::kRoad},  // CN-GA
    {20, 66, Transport::kRoad},  // CN-VR
    {19, 25, Transport::kRoad},  // CO-FR
    {19, 31, Transport::kRoad},  // CO-HA
    {19, 36, Transport::kRoad},  // CO-LI
    {19, 60, Transport::kRoad},  // CO-ST
    {21, 27, Transport::kRoad},  // DU-GW
    {22, 41, Transport::kRoad},  // ED-MN
    {24, 29, Transport::kRoad},  // FL-GO
    {24, 53, Transport::kRoad},  // FL-RO
    {24, 67, Transport::kRoad},  // FL-VE
    {25, 36, Transport::kRoad},  // FR-LI
    {25, 49, Transport::kRoad},  // FR-NU
    {25, 60, Transport::kRoad},  // FR-ST
    {26, 34, Transport::kRoad},  // GA-KL
    {28, 42, Transport::kRoad},  // GE-MR
    {28, 50, Transport::kRoad},  // GE-PA
    {28, 60, Transport::kRoad},  // GE-ST
    {28, 70, Transport::kRoad},  // GE-ZU
    {29, 44, Transport::kRoad},  // GO-MI
    {29, 42, Transport::kRoad},  // GO-MR
    {29, 67, Transport::kRoad},  // GO-VE
    {30, 40, Transport::kRoad},  // GR-MA
    {31, 36, Transport::kRoad},  // HA-LI
    {59, 57, Transport::kRoad},  // JM-SJ
    {59, 62, Transport::kRoad},  // JM-SZ
    {59, 69, Transport::kRoad},  // JM-ZA
    {34, 62, Transport::kRoad},  // KL-SZ
    {35, 46, Transport::kRoad},  // LE-NA
    {35, 50, Transport::kRoad},  // LE-PA
    {36, 49, Transport::kRoad},  // LI-NU
    {39, 41, Transport::kRoad},  // LO-MN
    {39, 51, Transport::kRoad},  // LO-PL
    {39, 61, Transport::kRoad},  // LO-SW
    {37, 40, Transport::kRoad},  // LS-MA
    {37, 55, Transport::kRoad},  // LS-SN
    {38, 41, Transport::kRoad},  // LV-MN
    {38, 61, Transport::kRoad},  // LV-SW
    {40, 55, Transport::kRoad},  // MA-SN
    {40, 56, Transport::kRoad},  // MA-SR
    {44, 42, Transport::kRoad},  // MI-MR
    {44, 45, Transport::kRoad},  // MI-MU
    {44, 67, Transport::kRoad},  // MI-VE
    {44, 70, Transport::kRoad},  // MI-ZU
    {42, 63, Transport::kRoad},  // MR-TO
    {42, 70, Transport::kRoad},  // MR-ZU
    {45, 49, Transport::kRoad},  // MU-NU
    {45, 60, Transport::kRoad},  // MU-ST
    {45, 67, Transport::kRoad},  // MU-VE
    {45, 68, Transport::kRoad},  // MU-VI
    {45, 69, Transport::kRoad},  // MU-ZA
    {45, 70, Transport::kRoad},  // MU-ZU
    {46, 50, Transport::kRoad},  // NA-PA
    {47, 53, Transport::kRoad},  // NP-RO
    {49, 52, Transport::kRoad},  // NU-PR
    {49, 60, Transport::kRoad},  // NU-ST
    {50, 60, Transport::kRoad},  // PA-ST
    {52, 68, Transport::kRoad},  // PR-VI
    {54, 58, Transport::kRoad},  // SA-SO
    {54, 65, Transport::kRoad},  // SA-VA
    {57, 58, Transport::kRoad},  // SJ-SO
    {57, 65, Transport::kRoad},  // SJ-VA
    {57, 69, Transport::kRoad},  // SJ-ZA
    {55, 56, Transport::kRoad},  // SN-SR
    {58, 65, Transport::kRoad},  // SO-VA
    {58, 66, Transport::kRoad},  // SO-VR
    {56, 63, Transport::kRoad},  // SR-TO
    {60, 70, Transport::kRoad},  // ST-ZU
    {62, 69, Transport::kRoad},  // SZ-ZA
    {68, 69, Transport::kRoad},  // VI-ZA
    {1, 5, Transport::kRail},    // AL-BA
    {1, 40, Transport::kRail},   // AL-MA
    {5, 56, Transport::kRail},   // BA-SR
    {13, 20, Transport::kRail},  // BC-CN
    {13, 26, Transport::kRail},  // BC-GA
    {13, 62, Transport::kRail},  // BC-SZ
    {14, 62, Transport::kRail},  // BD-SZ
    {14, 68, Transport::kRail},  // BD-VI
    {8, 58, Transport::kRail},   // BE-SO
    {8, 62, Transport::kRail},   // BE-SZ
    {6, 47, Transport::kRail},   // BI-NP
    {11, 50, Transport::kRail},  // BO-PA
    {11, 56, Transport::kRail},  // BO-SR
    {9, 31, Transport::kRail},   // BR-HA
    {9, 36, Transport::kRail},   // BR-LI
    {9, 52, Transport::kRail},   // BR-PR
    {12, 19, Transport::kRail},  // BU-CO
    {12, 50, Transport::kRail},  // BU-PA
    {19, 25, Transport::kRail},  // CO-FR
    {22, 41, Transport::kRail},  // ED-MN
    {24, 44, Transport::kRail},  // FL-MI
    {24, 53, Transport::kRail},  // FL-RO
    {25, 36, Transport::kRail},  // FR-LI
    {25, 60, Transport::kRail},  // FR-ST
    {28, 44, Transport::kRail},  // GE-MI
    {29, 44, Transport::kRail},  // GO-MI
    {35, 50, Transport::kRail},  // LE-PA
    {36, 49, Transport::kRail},  // LI-NU
    {39, 41, Transport::kRail},  // LO-MN
    {39, 61, Transport::kRail},  // LO-SW
    {37, 40, Transport::kRail},  // LS-MA
    {38, 41, Transport::kRail},  // LV-MN
    {40, 55, Transport::kRail},  // MA-SN
    {40, 56, Transport::kRail},  // MA-SR
    {44, 70, Transport::kRail},  // MI-ZU
    {42, 50, Transport::kRail},  // MR-PA
    {45, 49, Transport::kRail},  // MU-NU
    {47, 53, Transport::kRail},  // NP-RO
    {52, 68, Transport::kRail},  // PR-VI
    {54, 58, Transport::kRail},  // SA-SO
    {58, 66, Transport::kRail},  // SO-VR
    {60, 70, Transport::kRail},  // ST-ZU
    {67, 68, Transport::kRail},  // VE-VI
    {1, 43, Transport::kBoat},   // AL-MS
    {2, 48, Transport::kBoat},   // AM-NS
    {4, 7, Transport::kBoat},    // AO-BB
    {4, 15, Transport::kBoat},   // AO-CA
    {4, 23, Transport::kBoat},   // AO-EC
    {4, 27, Transport::kBoat},   // AO-GW
    {4, 33, Transport::kBoat},   // AO-IR
    {4, 37, Transport::kBoat},   // AO-LS
    {4, 43, Transport::kBoat},   // AO-MS
    {4, 48, Transport::kBoat},   // AO-NS
    {0, 6, Transport::kBoat},    // AS-BI
    {0, 32, Transport::kBoat},   // AS-IO
    {0, 67, Transport::kBoat},   // AS-VE
    {3, 32, Transport::kBoat},   // AT-IO
    {5, 43, Transport::kBoat},   // BA-MS
    {7, 11, Transport::kBoat},   // BB-BO
    {7, 46, Transport::kBoat},   // BB-NA
    {7, 55, Transport::kBoat},   // BB-SN
    {10, 20, Transport::kBoat},  // BS-CN
    {10, 32, Transport::kBoat},  // BS-IO
    {10, 66, Transport::kBoat},  // BS-VR
    {16, 43, Transport::kBoat},  // CG-MS
    {16, 64, Transport::kBoat},  // CG-TS
    {21, 33, Transport::kBoat},  // DU-IR
    {23, 35, Transport::kBoat},  // EC-LE
    {23, 39, Transport::kBoat},  // EC-LO
    {23, 48, Transport::kBoat},  // EC-NS
    {23, 51, Transport::kBoat},  // EC-PL
    {22, 48, Transport::kBoat},  // ED-NS
    {29, 64, Transport::kBoat},  // GO-TS
    {31, 48, Transport::kBoat},  // HA-NS
    {32, 54, Transport::kBoat},  // IO-SA
    {32, 64, Transport::kBoat},  // IO-TS
    {32, 65, Transport::kBoat},  // IO-VA
    {33, 38, Transport::kBoat},  // IR-LV
    {33, 61, Transport::kBoat},  // IR-SW
    {42, 43, Transport::kBoat},  // MR-MS
    {43, 64, Transport::kBoat},  // MS-TS
    {47, 64, Transport::kBoat},  // NP-TS
    {53, 64, Transport::kBoat},  // RO-TS
}};

}  // namespace arena::dracula
