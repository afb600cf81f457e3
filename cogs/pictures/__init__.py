"""Card pictures drawn by code with Pillow: no Discord here (``cogs.ui.pictures`` attaches them)."""

from .compose import HandPicture, TablePicture, png
from .faces import Family, UnknownCard, deck_of, face_of
from .views import grouped_hand_picture, hand_picture, table_picture

__all__ = ["Family", "HandPicture", "TablePicture", "UnknownCard", "deck_of", "face_of", "grouped_hand_picture", "hand_picture", "png", "table_picture"]
