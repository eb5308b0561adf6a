"""Texts of the Qwixx engine, terminal play and score pad (en, tr, it, pl)."""

TEXTS: dict[str, dict[str, str]] = {
    "unknown_edition": {
        "en": "Unknown Qwixx edition {name!r}: choose one of {choices}.",
        "tr": "Bilinmeyen Qwixx sürümü {name!r}: şunlardan birini seçin: {choices}.",
        "it": "Edizione di Qwixx sconosciuta {name!r}: scegli tra {choices}.",
        "pl": "Nieznana edycja Qwixx {name!r}: wybierz jedną z {choices}.",
    },
}
