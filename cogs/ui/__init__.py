"""The one generic adapter from the engines' render model to Discord, and its components."""
