"""Static data of Mare Nostrum: the synthetic map v0 (rules spec §3), civilizations,
the Mythology pre-set start (§2.2) and card names. Built once at import.

The map is project data [A] (D01): replace `MAP_TEXT` when the real board is
transcribed; every table below is derived from it.
"""
import numpy as np

GOODS = ("livestock", "grain", "fruit", "gems", "slaves", "oil", "metal", "gold",
         "papyrus", "perfume", "fish", "wine", "pottery")
TAX = 13
N_TYPES = 14
RARE = (2, 3, 7, 8, 9)          # fruit, gems, gold, papyrus, perfume
POTTERY = 12

CIVS = ("Rome", "Greece", "Carthage", "Babylon", "Egypt", "Atlantis")
CIV_ROME, CIV_GREECE, CIV_CARTHAGE, CIV_BABYLON, CIV_EGYPT, CIV_ATLANTIS = range(6)
CREATURES = ("titan", "centaur", "behemoth", "griffin", "phoenix", "kraken")  # by civ
ROLES = ("trader", "statesman", "military_leader", "high_priest")
GODS = ("athena", "baal", "hermes", "isis", "ishtar", "mars", "poseidon", "vulcan")
HEROES = ("nebuchadnezzar", "helen", "agamemnon", "archimedes", "solomon", "ulysses",
          "adonis", "aeneas", "achilles", "ajax", "antigone", "ariadne", "gilgamesh",
          "hamilcar", "hercules", "imhotep", "jason", "castor_pollux", "circe",
          "queen_of_sheba", "croesus", "medusa", "midas", "minos", "moses",
          "penthesilea", "spartacus",
          "caesar", "pericles", "hannibal", "hammurabi", "cleopatra", "atlas")
WONDERS = ("colossus", "temple_of_artemis", "hanging_gardens", "statue_of_zeus",
           "lighthouse", "mausoleum", "pyramids")
N_GENERAL = 27
PLACEHOLDER_HEROES = (1, 2, 3, 4, 5)   # Helen, Agamemnon, Archimedes, Solomon, Ulysses (§5.3)

MAP_TEXT = """
1;Gallia Cisalpina;-;0;0;livestock,grain;ADR;2,29,39;E
2;Etruria;ROM;0;1;metal,wine;TYR,ADR;1,3;
3;Roma;ROM;1;1;wine,grain;TYR;2,4;
4;Campania;ROM;0;1;fruit,oil;TYR,ION;3,5;
5;Bruttium;-;0;0;fish,livestock;TYR,ION;4;
6;Corsica-Sardinia;-;0;0;metal,livestock;TYR,SAR;-;I
7;Sicilia;-;0;1;grain,fish;TYR,SIC,ION;-;I
8;Numidia;CAR;0;1;livestock,slaves;SAR;9,41;e
9;Carthago;CAR;1;1;fish,oil;SAR,SIC;8,10;
10;Byzacena;CAR;0;1;oil,grain;SIC,LIB;9,11;
11;Syrtica;-;0;0;slaves;LIB;10,12;E
12;Cyrenaica;EGY;0;1;fruit,livestock;LIB;11,13;
13;Alexandria;EGY;1;2;papyrus,grain;LIB,EGY;12,14,15;
14;Thebae;EGY;0;1;gold,grain;-;13;E
15;Judaea;-;0;1;fruit,oil;EGY;13,16,18;
16;Phoenicia;-;0;1;fish,wine;EGY,CYP;15,17;
17;Antiochia;BAB;0;1;oil,wine;CYP;16,18,19,22,23;
18;Arabia;-;0;0;perfume,gems;-;15,17,19;E
19;Babylon;BAB;1;1;grain,perfume;-;17,18,20;E
20;Assyria (Tigris);BAB;0;0;livestock,slaves;-;19,21;E
21;Armenia;-;0;0;metal,gold;PON;20,23,24;E
22;Cilicia;-;0;1;metal,livestock;CYP;17,23,25;
23;Cappadocia;-;0;0;livestock,slaves;-;17,21,22,24,25;
24;Bithynia-Pontus;-;0;0;fish,grain;PON,AEG;21,23,26;
25;Lydia-Ionia;-;0;1;gold,wine;AEG,CYP;22,23,26;
26;Troas;-;0;1;oil,grain;AEG;24,25;
27;Athenae;GRE;1;2;oil,wine;AEG,ION;28;
28;Macedonia;GRE;0;0;grain,metal;AEG,ION;27,29,30;
29;Illyria;-;0;0;livestock,slaves;ADR,ION;1,28,30;E
30;Thracia;-;0;0;metal,livestock;PON;28,29,31;E
31;Byzantium;GRE;0;1;fish,slaves;AEG,PON;30;
32;Creta;-;0;1;oil,fruit;AEG,LIB;-;I
33;Cyprus;-;0;1;metal,wine;CYP,EGY;-;I
34;Poseidonis;ATL;1;1;pottery,gems,fish;ATL;-;I
35;Lusitania;ATL;0;0;metal,pottery;ATL;36;E
36;Baetica;-;0;1;oil,gold;ATL,BAL;35,37;
37;Tarraconensis;-;0;1;wine,pottery;BAL;36,38;
38;Gallia Narbonensis;-;0;1;wine,livestock;BAL,TYR;37,39;
39;Gallia Comata;-;0;0;livestock,grain;-;38,1;E
40;Mauretania Tingitana;ATL;0;0;fruit,pottery;ATL,BAL;41;E
41;Mauretania Caesariensis;-;0;1;slaves,pottery;BAL,SAR;40,8;
"""

SEA_TEXT = """
0;TYR;Tyrrhenian;SAR,SIC,ION,BAL
1;SAR;Sardinian;TYR,SIC,BAL
2;SIC;Sicilian Channel;TYR,SAR,ION,LIB
3;ADR;Adriatic;ION
4;ION;Ionian;TYR,SIC,ADR,AEG,LIB
5;LIB;Libyan;SIC,ION,AEG,EGY
6;AEG;Aegean;ION,LIB,EGY,CYP,PON
7;EGY;Egyptian;LIB,AEG,CYP
8;CYP;Cyprian;AEG,EGY
9;PON;Black Sea;AEG
10;BAL;Balearic;TYR,SAR,ATL
11;ATL;Atlantic;BAL
"""
STRAITS = ((5, 7), (24, 31), (36, 40))          # Messina, Bosporus, Gibraltar (province ids)
BLACK_SEA_LINK = (21, 24, 30, 31)               # pairwise linked for Moses

CIV_CODES = ("ROM", "GRE", "CAR", "BAB", "EGY", "ATL")

NP = 41          # provinces
NS = 12          # seas
NL = NP + NS     # locations
MYTH_SEAS = (10, 11)


def _parse():
    rows = [r for r in MAP_TEXT.strip().splitlines()]
    seas = [r.split(";") for r in SEA_TEXT.strip().splitlines()]
    sea_code = {s[1]: int(s[0]) for s in seas}
    names, goods = [], np.full((NP, 3), -1, np.int64)
    home = np.full(NP, -1, np.int64)
    capital = np.zeros(NP, np.int64)
    sites = np.zeros(NP, np.int64)
    ps = np.zeros((NP, NS), np.int64)
    land = np.zeros((NP, NP), np.int64)
    island = np.zeros(NP, np.int64)
    edge = np.zeros((2, NP), np.int64)        # [myth]
    for r in rows:
        f = r.split(";")
        i = int(f[0]) - 1
        names.append(f[1])
        home[i] = CIV_CODES.index(f[2]) if f[2] != "-" else -1
        capital[i] = int(f[3])
        sites[i] = int(f[4])
        for k, g in enumerate(f[5].split(",")):
            goods[i, k] = GOODS.index(g)
        if f[6] != "-":
            for s in f[6].split(","):
                ps[i, sea_code[s]] = 1
        if f[7] != "-":
            for j in f[7].split(","):
                land[i, int(j) - 1] = 1
        flags = f[8]
        island[i] = 1 if "I" in flags else 0
        edge[1, i] = 1 if "E" in flags else 0
        edge[0, i] = 1 if ("E" in flags or "e" in flags) else 0
    ss = np.zeros((NS, NS), np.int64)
    for s in seas:
        a = int(s[0])
        for c in s[3].split(","):
            ss[a, sea_code[c]] = 1
    return names, [s[1] for s in seas], goods, home, capital, sites, ps, land, island, edge, ss


(PROV_NAMES, SEA_CODES, PROV_GOODS, PROV_HOME, PROV_CAPITAL, CITY_SITES, PROV_SEA,
 _LAND, PROV_ISLAND, PROV_EDGE, SEA_ADJ) = _parse()

N_ICONS = (PROV_GOODS >= 0).sum(axis=1).astype(np.int64)
PROV_ACTIVE = np.ones((2, NP), np.int64)
PROV_ACTIVE[0, 33:] = 0
SEA_ACTIVE = np.ones((2, NS), np.int64)
SEA_ACTIVE[0, list(MYTH_SEAS)] = 0

# adjacency tables per mode [myth]
LAND_ADJ = np.zeros((2, NP, NP), np.int64)
PS_ADJ = np.zeros((2, NP, NS), np.int64)
SS_ADJ = np.zeros((2, NS, NS), np.int64)
MOSES_ADJ = np.zeros((2, NP, NP), np.int64)   # land adjacency plus straits and Black Sea link
for _m in range(2):
    pa = PROV_ACTIVE[_m]
    sa = SEA_ACTIVE[_m]
    LAND_ADJ[_m] = _LAND * pa[:, None] * pa[None, :]
    PS_ADJ[_m] = PROV_SEA * pa[:, None] * sa[None, :]
    SS_ADJ[_m] = SEA_ADJ * sa[:, None] * sa[None, :]
    MOSES_ADJ[_m] = LAND_ADJ[_m].copy()
    for _a, _b in STRAITS:
        if pa[_a - 1] and pa[_b - 1]:
            MOSES_ADJ[_m, _a - 1, _b - 1] = MOSES_ADJ[_m, _b - 1, _a - 1] = 1
    for _a in BLACK_SEA_LINK:
        for _b in BLACK_SEA_LINK:
            if _a != _b:
                MOSES_ADJ[_m, _a - 1, _b - 1] = 1
COASTAL = (PROV_SEA.sum(axis=1) > 0).astype(np.int64)

# location graph (provinces 0..40, seas 41..52) for Griffin / Kraken
LOC_ADJ = np.zeros((2, NL, NL), np.int64)
for _m in range(2):
    LOC_ADJ[_m, :NP, :NP] = LAND_ADJ[_m]
    LOC_ADJ[_m, :NP, NP:] = PS_ADJ[_m]
    LOC_ADJ[_m, NP:, :NP] = PS_ADJ[_m].T
    LOC_ADJ[_m, NP:, NP:] = SS_ADJ[_m]

# home provinces per civ: capital, 2nd, 3rd (§2.1/§2.2 order), as indices
HOME = np.array([[2, 1, 3], [26, 27, 30], [8, 7, 9], [18, 16, 19], [12, 13, 11], [33, 39, 34]],
                np.int64)
CAPITAL = HOME[:, 0].copy()

# Pre-set start (§2.2). Per civ and home slot: influence 1 always; cities, caravans (goods),
# market, temple, fortress, legion. Caravan goods -1 = the set-up choice (SETUP_CARAVAN).
# columns: cities, market, temple, fortress, legion, goods0, goods1
G = {g: i for i, g in enumerate(GOODS)}
PRESET = np.full((6, 3, 7), 0, np.int64)
PRESET[:, :, 5:] = -2      # -2 = no caravan
_P = {
    CIV_ATLANTIS: [(1, 1, 0, 1, 0, G["pottery"], G["gems"]), (0, 0, 0, 0, 0, -1, -2),
                   (0, 0, 0, 0, 0, G["metal"], G["pottery"])],
    CIV_BABYLON: [(1, 1, 0, 1, 0, G["grain"], G["perfume"]), (1, 0, 0, 0, 0, -2, -2),
                  (0, 0, 0, 0, 0, G["livestock"], G["slaves"])],
    CIV_EGYPT: [(2, 0, 1, 1, 0, G["papyrus"], -2), (1, 0, 0, 0, 0, G["grain"], -2),
                (1, 0, 0, 0, 0, -2, -2)],
    CIV_CARTHAGE: [(1, 1, 0, 1, 1, G["fish"], G["oil"]), (0, 0, 0, 0, 0, G["livestock"], G["slaves"]),
                   (0, 0, 0, 0, 0, -1, -2)],
    CIV_GREECE: [(2, 0, 1, 1, 0, G["oil"], -2), (0, 0, 0, 0, 0, G["grain"], G["metal"]),
                 (0, 0, 0, 0, 0, G["fish"], -2)],
    CIV_ROME: [(1, 1, 0, 1, 0, G["wine"], G["grain"]), (0, 0, 0, 0, 0, -2, -2),
               (0, 0, 0, 1, 0, G["fruit"], G["oil"])],
}
for _c, _rows in _P.items():
    for _k, _r in enumerate(_rows):
        PRESET[_c, _k] = _r
PRESET_FLEET_SEA = np.array([-1, 6, -1, -1, -1, -1], np.int64)   # Greece: AEG
# civ holding each role in the pre-set start: Trader Carthage, Statesman Egypt, ML Rome, HP Greece
PRESET_ROLE_CIV = np.array([CIV_CARTHAGE, CIV_EGYPT, CIV_ROME, CIV_GREECE], np.int64)
# the set-up choices: (civ, province index, allowed goods)
SETUP_CHOICE_CIV = np.array([CIV_ATLANTIS, CIV_CARTHAGE], np.int64)
SETUP_CHOICE_PROV = np.array([39, 9], np.int64)
SETUP_CHOICE_GOODS = np.array([[G["fruit"], G["pottery"]], [G["oil"], G["grain"]]], np.int64)


def _checks():
    assert (LAND_ADJ[1] == LAND_ADJ[1].T).all()
    assert (SS_ADJ[1] == SS_ADJ[1].T).all()
    assert PROV_ACTIVE[0].sum() == 33 and SEA_ACTIVE[0].sum() == 10
    assert CITY_SITES[:33].sum() == 23 and CITY_SITES.sum() == 28
    assert PROV_ACTIVE[1].sum() == 41 and SEA_ACTIVE[1].sum() == 12
    for c in range(6):
        assert PROV_CAPITAL[CAPITAL[c]] == 1
        for k in range(3):
            assert PROV_HOME[HOME[c, k]] == c
            cities = PRESET[c, k, 0]
            assert cities <= CITY_SITES[HOME[c, k]]
            for gi in PRESET[c, k, 5:]:
                if gi >= 0:
                    assert gi in PROV_GOODS[HOME[c, k]]
    assert set(np.nonzero(PROV_ISLAND)[0] + 1) == {6, 7, 32, 33, 34}
    inland = set(np.nonzero(COASTAL == 0)[0] + 1)
    assert inland == {14, 18, 19, 20, 23, 39}, inland
    assert set(np.nonzero(PROV_EDGE[1])[0] + 1) == {1, 11, 14, 18, 19, 20, 21, 29, 30, 35, 39, 40}


_checks()


def _lists(adj, width):
    m, n, k = adj.shape
    out = np.full((m, n, width), -1, np.int64)
    cnt = np.zeros((m, n), np.int64)
    for a in range(m):
        for i in range(n):
            js = np.nonzero(adj[a, i])[0]
            assert len(js) <= width
            out[a, i, :len(js)] = js
            cnt[a, i] = len(js)
    return out, cnt


# neighbour lists per mode (padded with -1) for the hot loops
LAND_NB, LAND_NBN = _lists(LAND_ADJ, 8)
MOSES_NB, MOSES_NBN = _lists(MOSES_ADJ, 10)
PS_NB, PS_NBN = _lists(PS_ADJ, 4)
SP_NB, SP_NBN = _lists(np.ascontiguousarray(PS_ADJ.transpose(0, 2, 1)), 12)
SS_NB, SS_NBN = _lists(SS_ADJ, 6)
LOC_NB, LOC_NBN = _lists(LOC_ADJ, 16)
CIV_CREATURE_AUTO = np.ones(6, np.int64)
