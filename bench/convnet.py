"""A --layers network in PyTorch: the text parsed as backprop-lab-cli parses it, the module built
in the same order and layouts (padding `same` = (k - 1) / 2 unless `valid`; a dense layer after a
picture flattens it in channel, row, column order), and its weights read from the .npz that
`backprop-lab-cli export --npz` writes (W1..WL for the layers with parameters, the output last)."""
import re

ACTIVATION_MODULES = {"relu": "ReLU", "sigmoid": "Sigmoid", "tanh": "Tanh", "leakyrelu": "LeakyReLU"}


def parse_layers(text):
    """[("conv", C, k, stride, same) | ("pool", 2) | ("flatten",) | ("dense", N) | ("dropout", p)]."""
    specs = []
    for part in text.split(","):
        words = part.split()
        if words[0] == "conv":
            k = int(re.fullmatch(r"(\d+)x\1", words[2]).group(1))
            stride = int(words[words.index("stride") + 1]) if "stride" in words else 1
            specs.append(("conv", int(words[1]), k, stride, "valid" not in words))
        elif words[0] == "pool":
            specs.append(("pool", int(words[1])))
        elif words[0] == "flatten":
            specs.append(("flatten",))
        elif words[0] == "dense":
            specs.append(("dense", int(words[1])))
        elif words[0] == "dropout":
            specs.append(("dropout", float(words[1])))
        else:
            raise ValueError(f"unknown layer {part!r}")
    return specs


def activation_module(torch, name):
    if name == "leakyrelu":
        return torch.nn.LeakyReLU(0.01)
    return getattr(torch.nn, ACTIVATION_MODULES[name])()


def build(torch, text, activation="relu", outputs=10, stages=None):
    """nn.Sequential of the network, input [N, 784]. When `stages` is a list, it gets one
    (index of the module giving the layer's values a, index of the module giving its delta's
    variable: z for a convolution or dense layer, a for the others) per layer of the text."""
    nn = torch.nn
    modules = [nn.Unflatten(1, (1, 28, 28))]
    stages = [] if stages is None else stages
    channels, height, width, flat = 1, 28, 28, False
    for spec in parse_layers(text):
        kind = spec[0]
        if kind == "conv":
            _, c, k, stride, same = spec
            pad = (k - 1) // 2 if same else 0
            modules += [nn.Conv2d(channels, c, k, stride=stride, padding=pad), activation_module(torch, activation)]
            stages.append((len(modules) - 1, len(modules) - 2))
            channels = c
            height = (height + 2 * pad - k) // stride + 1
            width = (width + 2 * pad - k) // stride + 1
        elif kind == "pool":
            modules.append(nn.MaxPool2d(2))
            stages.append((len(modules) - 1, len(modules) - 1))
            height, width = height // 2, width // 2
        elif kind == "flatten":
            modules.append(nn.Flatten())
            stages.append((len(modules) - 1, len(modules) - 1))
            flat = True
        elif kind == "dense":
            if not flat:
                modules.append(nn.Flatten())
                flat = True
            modules += [nn.Linear(channels * height * width, spec[1]), activation_module(torch, activation)]
            stages.append((len(modules) - 1, len(modules) - 2))
            channels, height, width = spec[1], 1, 1
        elif kind == "dropout":
            modules.append(nn.Dropout(spec[1]))
            stages.append((len(modules) - 1, len(modules) - 1))
    if not flat:
        modules.append(nn.Flatten())
    modules.append(nn.Linear(channels * height * width, outputs))
    return nn.Sequential(*modules)


def parameter_layers(model):
    """The modules with weights, in order: W1..WL."""
    return [m for m in model if hasattr(m, "weight") and m.weight is not None]


def load_npz(torch, model, arrays):
    """Copies W1..WL, b1..bL of an np.load result into the model (shapes must match)."""
    with torch.no_grad():
        for i, m in enumerate(parameter_layers(model), start=1):
            W, b = arrays[f"W{i}"], arrays[f"b{i}"]
            if tuple(W.shape) != tuple(m.weight.shape):
                raise ValueError(f"W{i} has shape {W.shape}, the module {m} needs {tuple(m.weight.shape)}")
            m.weight.copy_(torch.from_numpy(W))
            m.bias.copy_(torch.from_numpy(b))
